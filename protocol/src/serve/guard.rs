//! What every request must show before the board answers it. Any page open in the person's
//! browser can send requests to the board's address, so:
//!
//! - a POST must say `Content-Type: application/json`: a form on another site can post plain
//!   text without the browser asking the server first, but not JSON;
//! - an `Origin` other than the board's own is refused: the browser names the page behind a
//!   cross-site request;
//! - a `Host` other than the address served is refused: a page whose name was made to point
//!   at 127.0.0.1 (DNS rebinding) would otherwise read the board as its own;
//! - where the board is reachable from other machines (or when asked), every request must
//!   carry a random token: printed in the address, kept by the page as a cookie, or sent in
//!   an `X-Tessera-Token` header.

use std::net::{IpAddr, SocketAddr};

use axum::http::{header, HeaderMap, Method, StatusCode, Uri};

/// The header a script may send the token in.
pub const TOKEN_HEADER: &str = "x-tessera-token";

pub struct Guard {
    /// Host names the board answers to, lower-case, IPv6 addresses in brackets; empty when
    /// bound to every address (0.0.0.0 or ::), where any name is the board's (and the token
    /// is required).
    names: Vec<String>,
    port: u16,
    token: Option<String>,
}

/// Why a request was refused: the status and the message.
pub type Refusal = (StatusCode, String);

impl Guard {
    /// The guard for a server bound to `local`; `token` is required when the address is not
    /// a loopback address, or when `require_token` says so.
    pub fn new(local: SocketAddr, require_token: bool, token: String) -> Guard {
        let ip = local.ip();
        let mut names = Vec::new();
        if !ip.is_unspecified() {
            names.push(host_text(ip));
            if ip.is_loopback() {
                for n in ["localhost", "127.0.0.1", "[::1]"] {
                    if !names.iter().any(|x| x == n) {
                        names.push(n.to_string());
                    }
                }
            }
        }
        let token = (require_token || !ip.is_loopback()).then_some(token);
        Guard {
            names,
            port: local.port(),
            token,
        }
    }

    pub fn token(&self) -> Option<&str> {
        self.token.as_deref()
    }

    /// The cookie the page keeps the token in: named for the port, so that boards on other
    /// ports of the same machine keep theirs.
    pub fn cookie_name(&self) -> String {
        format!("tessera_token_{}", self.port)
    }

    /// The `Set-Cookie` value that hands the page its token.
    pub fn set_cookie(&self) -> Option<String> {
        self.token.as_ref().map(|t| {
            format!(
                "{}={t}; Path=/; HttpOnly; SameSite=Strict",
                self.cookie_name()
            )
        })
    }

    /// `host[:port]` as a browser writes it in `Host` or after `http://` in `Origin`.
    fn serves(&self, host_port: &str) -> bool {
        let (name, port) = match split_host_port(host_port) {
            Some(x) => x,
            None => return false,
        };
        if port != self.port {
            return false;
        }
        if self.names.is_empty() {
            return !name.is_empty();
        }
        self.names.iter().any(|n| n.eq_ignore_ascii_case(name))
    }

    /// Checks a request's headers, in the order of the statuses: 421, 403, 415.
    pub fn check(&self, method: &Method, uri: &Uri, headers: &HeaderMap) -> Result<(), Refusal> {
        let host = headers
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .unwrap_or("");
        if !self.serves(host) {
            return Err((
                StatusCode::MISDIRECTED_REQUEST,
                format!("this board does not answer to the host '{host}'"),
            ));
        }
        if let Some(origin) = headers.get(header::ORIGIN) {
            let origin = origin.to_str().unwrap_or("");
            let own = origin
                .strip_prefix("http://")
                .is_some_and(|hp| self.serves(hp));
            if !own {
                return Err((
                    StatusCode::FORBIDDEN,
                    format!("requests from pages at '{origin}' are refused"),
                ));
            }
        }
        if let Some(t) = &self.token {
            if !self.offered(uri, headers).iter().any(|o| same(o, t)) {
                return Err((
                    StatusCode::FORBIDDEN,
                    "this board needs its token: open the address it printed, with its \
                     ?token=..."
                        .into(),
                ));
            }
        }
        if *method == Method::POST {
            let ct = headers
                .get(header::CONTENT_TYPE)
                .and_then(|h| h.to_str().ok())
                .unwrap_or("");
            let media = ct.split(';').next().unwrap_or("").trim();
            if !media.eq_ignore_ascii_case("application/json") {
                return Err((
                    StatusCode::UNSUPPORTED_MEDIA_TYPE,
                    "a request body must be sent as Content-Type: application/json".into(),
                ));
            }
        }
        Ok(())
    }

    /// Every token the request carries: in the query, the header, the board's cookie.
    fn offered<'a>(&self, uri: &'a Uri, headers: &'a HeaderMap) -> Vec<&'a str> {
        let mut out: Vec<&str> = uri
            .query()
            .unwrap_or("")
            .split('&')
            .filter_map(|kv| kv.strip_prefix("token="))
            .collect();
        out.extend(
            headers
                .get_all(TOKEN_HEADER)
                .iter()
                .filter_map(|h| h.to_str().ok()),
        );
        let name = self.cookie_name();
        for h in headers.get_all(header::COOKIE) {
            for pair in h.to_str().unwrap_or("").split(';') {
                if let Some((k, v)) = pair.trim().split_once('=') {
                    if k == name {
                        out.push(v);
                    }
                }
            }
        }
        out
    }
}

/// An address as it appears in a URL.
fn host_text(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(a) => a.to_string(),
        IpAddr::V6(a) => format!("[{a}]"),
    }
}

/// `name[:port]` (the name of an IPv6 address in brackets); the port is 80 when not given.
fn split_host_port(s: &str) -> Option<(&str, u16)> {
    let (name, port) = if s.starts_with('[') {
        let end = s.find(']')?;
        let (name, rest) = s.split_at(end + 1);
        match rest.strip_prefix(':') {
            Some(p) => (name, Some(p)),
            None if rest.is_empty() => (name, None),
            None => return None,
        }
    } else {
        match s.split_once(':') {
            Some((n, p)) => (n, Some(p)),
            None => (s, None),
        }
    };
    if name.is_empty() {
        return None;
    }
    let port = match port {
        None => 80,
        Some(p) if !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) => p.parse().ok()?,
        Some(_) => return None,
    };
    Some((name, port))
}

/// Compares in a time that does not depend on where the strings first differ.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

/// 128 random bits as 32 hex digits: from the system's generator, or, where there is none,
/// from the standard library's randomly keyed hasher.
pub fn new_token() -> String {
    use std::io::Read;
    let mut bytes = [0u8; 16];
    let read = std::fs::File::open("/dev/urandom").and_then(|mut f| f.read_exact(&mut bytes));
    if read.is_err() {
        use std::hash::{BuildHasher, Hasher};
        for (i, chunk) in bytes.chunks_mut(8).enumerate() {
            let mut h = std::collections::hash_map::RandomState::new().build_hasher();
            h.write_usize(i);
            h.write_u128(
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos()),
            );
            chunk.copy_from_slice(&h.finish().to_le_bytes());
        }
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(headers: &[(&str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in headers {
            h.append(
                axum::http::HeaderName::from_bytes(k.as_bytes()).unwrap(),
                v.parse().unwrap(),
            );
        }
        h
    }

    fn status(g: &Guard, uri: &str, headers: &[(&str, &str)]) -> u16 {
        let uri: Uri = uri.parse().unwrap();
        match g.check(&Method::GET, &uri, &req(headers)) {
            Ok(()) => 200,
            Err((s, _)) => s.as_u16(),
        }
    }

    #[test]
    fn another_machines_address_needs_the_token() {
        let g = Guard::new("192.168.1.5:8080".parse().unwrap(), false, "abc".into());
        assert_eq!(g.token(), Some("abc"));
        assert_eq!(status(&g, "/", &[("host", "192.168.1.5:8080")]), 403);
        assert_eq!(
            status(&g, "/?token=abc", &[("host", "192.168.1.5:8080")]),
            200
        );
        assert_eq!(
            status(
                &g,
                "/api/state",
                &[
                    ("host", "192.168.1.5:8080"),
                    ("cookie", "tessera_token_8080=abc")
                ]
            ),
            200
        );
        // Not the loopback names: the board is not served there.
        assert_eq!(
            status(&g, "/?token=abc", &[("host", "localhost:8080")]),
            421
        );
        // Bound to every address: any name, but never without the token.
        let g = Guard::new("0.0.0.0:8080".parse().unwrap(), false, "abc".into());
        assert_eq!(status(&g, "/", &[("host", "myhost:8080")]), 403);
        assert_eq!(status(&g, "/?token=abc", &[("host", "myhost:8080")]), 200);
        assert_eq!(status(&g, "/?token=abc", &[("host", "myhost:80")]), 421);
        let g = Guard::new("[::]:8080".parse().unwrap(), false, "abc".into());
        assert_eq!(g.token(), Some("abc"));
        // A loopback address needs none unless asked.
        let g = Guard::new("127.0.0.1:8080".parse().unwrap(), false, "abc".into());
        assert_eq!(g.token(), None);
        assert_eq!(status(&g, "/", &[("host", "localhost:8080")]), 200);
        let g = Guard::new("127.0.0.1:8080".parse().unwrap(), true, "abc".into());
        assert_eq!(status(&g, "/", &[("host", "localhost:8080")]), 403);
        let g = Guard::new("[::1]:80".parse().unwrap(), false, "abc".into());
        assert_eq!(status(&g, "/", &[("host", "[::1]")]), 200);
        assert_eq!(status(&g, "/", &[("host", "localhost")]), 200);
        assert_eq!(status(&g, "/", &[("host", "[::1]x")]), 421);
    }

    #[test]
    fn hosts_and_ports_are_read_as_browsers_write_them() {
        assert_eq!(split_host_port("a:1"), Some(("a", 1)));
        assert_eq!(split_host_port("a"), Some(("a", 80)));
        assert_eq!(split_host_port("[::1]:8080"), Some(("[::1]", 8080)));
        assert_eq!(split_host_port("[::1]"), Some(("[::1]", 80)));
        for bad in ["", ":80", "a:", "a:b", "a:1:2", "[::1", "a:99999", "a:+1"] {
            assert_eq!(split_host_port(bad), None, "{bad}");
        }
        assert!(same("abc", "abc") && !same("abc", "abd") && !same("abc", "ab"));
        let t = new_token();
        assert_eq!(t.len(), 32);
        assert_ne!(t, new_token());
    }
}
