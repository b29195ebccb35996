//! A `tessera serve` on a free port of 127.0.0.1 and raw HTTP requests to it, for the web
//! board's tests.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::binary::tessera_bin;

pub struct Server {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub addr: String,
    /// The address printed, with its query (`?token=...`) where there is one.
    pub url: String,
}

/// One response: the status code, the header lines and the body.
pub struct Reply {
    pub code: u16,
    pub head: String,
    pub body: String,
}

impl Server {
    pub fn start(args: &[&str]) -> Server {
        let mut child = Command::new(tessera_bin())
            .args(["serve", "--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start tessera serve");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let url = line
            .trim()
            .strip_prefix("Tessera board: ")
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        let addr = url
            .strip_prefix("http://")
            .and_then(|a| a.split('/').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        assert!(addr.starts_with("127.0.0.1:"), "binds localhost: {addr}");
        Server { child, addr, url }
    }

    pub fn port(&self) -> &str {
        self.addr.rsplit(':').next().unwrap()
    }

    /// One request with the given extra header lines (`Host` is the served address unless
    /// one of them names another).
    pub fn send(&self, method: &str, path: &str, headers: &[String], body: &[u8]) -> Reply {
        let mut s = TcpStream::connect(&self.addr).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        let mut head = format!("{method} {path} HTTP/1.1\r\n");
        if !headers
            .iter()
            .any(|h| h.to_ascii_lowercase().starts_with("host:"))
        {
            head.push_str(&format!("Host: {}\r\n", self.addr));
        }
        for h in headers {
            head.push_str(h);
            head.push_str("\r\n");
        }
        head.push_str(&format!(
            "Content-Length: {}\r\nConnection: close\r\n\r\n",
            body.len()
        ));
        s.write_all(head.as_bytes()).unwrap();
        let _ = s.write_all(body);
        let mut out = Vec::new();
        let _ = s.read_to_end(&mut out);
        let text = String::from_utf8_lossy(&out).to_string();
        let code = text
            .split_whitespace()
            .nth(1)
            .and_then(|c| c.parse().ok())
            .unwrap_or(0);
        let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
        Reply {
            code,
            head: head.to_string(),
            body: body.to_string(),
        }
    }

    pub fn json_post(&self, path: &str, body: &str, extra: &[String]) -> Reply {
        let mut h = vec!["Content-Type: application/json".to_string()];
        h.extend_from_slice(extra);
        self.send("POST", path, &h, body.as_bytes())
    }

    pub fn state_with(&self, extra: &[String]) -> serde_json::Value {
        let r = self.send("GET", "/api/state", extra, b"");
        assert_eq!(r.code, 200, "{}", short(&r.body));
        serde_json::from_str(body_json(&r.body)).unwrap()
    }

    pub fn state(&self) -> serde_json::Value {
        self.state_with(&[])
    }

    /// Waits until the state satisfies `done` (at most `limit`).
    pub fn wait_for(
        &self,
        limit: Duration,
        extra: &[String],
        done: impl Fn(&serde_json::Value) -> bool,
    ) -> Option<Duration> {
        let t0 = Instant::now();
        while t0.elapsed() < limit {
            if done(&self.state_with(extra)) {
                return Some(t0.elapsed());
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        None
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The JSON of a body that may be sent in chunks (`len\r\ndata\r\n...`).
pub fn body_json(body: &str) -> &str {
    let start = body.find('{').unwrap_or(0);
    let end = body.rfind('}').map_or(body.len(), |e| e + 1);
    &body[start..end]
}

impl Server {
    /// One request sent as the page sends it (JSON); returns the status code and the body.
    pub fn request(&self, method: &str, path: &str, body: &[u8]) -> (u16, String) {
        let r = self.send(
            method,
            path,
            &["Content-Type: application/json".to_string()],
            body,
        );
        (r.code, r.body)
    }

    /// The board's position, as `/api/state` gives it.
    pub fn fen(&self) -> String {
        self.state()["fen"].as_str().unwrap().to_string()
    }

    /// A GET and its JSON answer (`null` where the body is not JSON).
    pub fn get_json(&self, path: &str) -> (u16, serde_json::Value) {
        let r = self.send("GET", path, &[], b"");
        let v = serde_json::from_str(body_json(&r.body)).unwrap_or(serde_json::Value::Null);
        (r.code, v)
    }

    /// A JSON POST and its JSON answer.
    pub fn post(&self, path: &str, body: &str) -> (u16, serde_json::Value) {
        let (code, text) = self.request("POST", path, body.as_bytes());
        (code, serde_json::from_str(body_json(&text)).unwrap())
    }
}

/// The start of a body, for failure messages (a state holds a whole SVG board).
pub fn short(body: &str) -> String {
    body.chars().take(300).collect()
}
