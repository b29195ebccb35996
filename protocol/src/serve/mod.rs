//! `tessera serve`: a local web board for every variant. The page draws the engine's own
//! SVG and works out clicks from the legal action strings (see `crate::moves`), so a new
//! variant needs no code here. The server binds to localhost unless told otherwise, streams
//! state changes and analysis as server-sent events, and treats every request as untrusted:
//! a request from another page or address is refused (`guard`), and a bad body, an unknown
//! field, an illegal action or a body over the size limit gets an error (JSON
//! `{"error": ...}` where the request got that far) and changes nothing. An analysis ends
//! when no page has watched it for a while, and at its time limit.

mod board;
mod guard;

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use clap::Args;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};
use tessera::search::{Limits, Score, SearchConfig, SearchControl};
use tessera::tools::render::RenderOptions;
use tessera::Player;
use tokio::sync::broadcast;
use tokio_stream::wrappers::BroadcastStream;
use tokio_stream::StreamExt;

use crate::plumbing::search::search_blocking;
use board::{Board, Job};
use guard::Guard;

/// Request bodies larger than this are refused (413) before they are read.
const BODY_LIMIT: usize = 16 * 1024;
const PAGE: &str = include_str!("page.html");

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Address to listen on (localhost by default; other addresses expose the board).
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Port (0: any free port; the address is printed).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The variant shown first.
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// Ask for the token printed in the address on every request, on a loopback address too
    /// (the other users of this machine can reach it); other addresses always ask for it.
    #[arg(long)]
    pub require_token: bool,
    /// Seconds an analysis goes on once no page watches it (the last one closed).
    #[arg(long, value_name = "SECONDS", default_value = "10", allow_negative_numbers = true,
          value_parser = seconds)]
    pub analysis_grace: Duration,
    /// The longest an analysis of one position runs, in seconds.
    #[arg(long, value_name = "SECONDS", default_value = "600", allow_negative_numbers = true,
          value_parser = limit_seconds)]
    pub analysis_limit: Duration,
}

/// The longest grace or limit taken: a year of seconds.
const MAX_SECONDS: f64 = 365.0 * 24.0 * 3600.0;

fn seconds(s: &str) -> Result<Duration, String> {
    let v: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("takes a number of seconds, not '{s}'"))?;
    if !(0.0..=MAX_SECONDS).contains(&v) {
        return Err(format!("takes 0 to {MAX_SECONDS} seconds, not {s}"));
    }
    Ok(Duration::from_secs_f64(v))
}

fn limit_seconds(s: &str) -> Result<Duration, String> {
    let d = seconds(s)?;
    if d.is_zero() {
        return Err("takes more than 0 seconds".into());
    }
    Ok(d)
}

/// One server-sent event: its name and JSON text.
#[derive(Clone, Debug)]
struct Note {
    name: &'static str,
    data: String,
}

struct Shared {
    board: Mutex<Board>,
    events: broadcast::Sender<Note>,
    guard: Guard,
    /// The open event streams, and since when there has been none.
    watchers: Mutex<(usize, Instant)>,
    analysis_grace: Duration,
    analysis_limit: Duration,
}

type App = Arc<Shared>;

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Board> {
        self.board.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn send(&self, name: &'static str, data: Value) {
        let _ = self.events.send(Note {
            name,
            data: data.to_string(),
        });
    }

    fn watchers(&self) -> MutexGuard<'_, (usize, Instant)> {
        self.watchers.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// One open event stream, counted while it lasts.
struct Watching(App);

impl Watching {
    fn new(app: &App) -> Watching {
        app.watchers().0 += 1;
        Watching(app.clone())
    }
}

impl Drop for Watching {
    fn drop(&mut self) {
        let mut w = self.0.watchers();
        w.0 = w.0.saturating_sub(1);
        if w.0 == 0 {
            w.1 = Instant::now();
        }
    }
}

pub fn run(args: ServeArgs) -> Result<(), String> {
    let catalog = tessera::faces::registry::variants();
    let board = Board::new(catalog, &args.variant)?;
    let host: std::net::IpAddr = args
        .host
        .parse()
        .map_err(|_| format!("--host takes an IP address, not '{}'", args.host))?;
    let addr = SocketAddr::new(host, args.port);
    let (events, _) = broadcast::channel(256);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server runtime: {e}"))?;
    rt.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
        let local = listener.local_addr().map_err(|e| e.to_string())?;
        let app: App = Arc::new(Shared {
            board: Mutex::new(board),
            events,
            guard: Guard::new(local, args.require_token, guard::new_token()),
            watchers: Mutex::new((0, Instant::now())),
            analysis_grace: args.analysis_grace,
            analysis_limit: args.analysis_limit,
        });
        if !host.is_loopback() {
            eprintln!("tessera: listening on {local}, reachable from other machines");
        }
        match app.guard.token() {
            Some(t) => println!("Tessera board: http://{local}/?token={t}"),
            None => println!("Tessera board: http://{local}/"),
        }
        use std::io::Write;
        let _ = std::io::stdout().flush();
        tokio::spawn(watch_analysis(app.clone()));
        axum::serve(listener, router(app))
            .await
            .map_err(|e| format!("server error: {e}"))
    })
}

/// Checks every request (`guard`) before it reaches a handler, and hands the page that was
/// opened with the token a cookie that carries it on the page's own requests.
async fn guarded(State(app): State<App>, req: Request, next: Next) -> Response {
    if let Err((status, msg)) = app.guard.check(req.method(), req.uri(), req.headers()) {
        return error(status, msg);
    }
    let page = req.uri().path() == "/";
    let mut resp = next.run(req).await;
    if page {
        if let Some(c) = app
            .guard
            .set_cookie()
            .and_then(|c| HeaderValue::from_str(&c).ok())
        {
            resp.headers_mut().insert(header::SET_COOKIE, c);
        }
    }
    resp
}

/// Ends the analysis when no page has watched it for the grace period (a closed page must
/// not leave a search running for good) and when it has searched one position for the time
/// limit.
async fn watch_analysis(app: App) {
    let shortest = app.analysis_grace.min(app.analysis_limit);
    let tick = (shortest / 4).clamp(Duration::from_millis(20), Duration::from_millis(500));
    loop {
        tokio::time::sleep(tick).await;
        let (watchers, none_since) = *app.watchers();
        let mut b = app.lock();
        let Some(started) = b.analysis.as_ref().map(|j| j.started) else {
            continue;
        };
        let unwatched_since = none_since.max(started);
        let why = if started.elapsed() >= app.analysis_limit {
            format!(
                "stopped at its time limit ({} s on one position)",
                app.analysis_limit.as_secs_f64()
            )
        } else if watchers == 0 && unwatched_since.elapsed() >= app.analysis_grace {
            format!(
                "stopped: no page watched it for {} s",
                app.analysis_grace.as_secs_f64()
            )
        } else {
            continue;
        };
        if let Some(j) = b.analysis.take() {
            j.ctl.stop();
        }
        b.analysing = false;
        b.analysis_ended = Some(why);
        b.version += 1;
        app.send("state", b.state());
    }
}

fn router(app: App) -> Router {
    Router::new()
        .route("/", get(page))
        .route("/api/variants", get(variants))
        .route("/api/state", get(state))
        .route("/api/events", get(events))
        .route("/api/new", post(new_game))
        .route("/api/play", post(play))
        .route("/api/undo", post(undo))
        .route("/api/engine", post(engine))
        .route("/api/analyse", post(analyse))
        .route("/api/seat", post(seat))
        .route("/api/position", get(position))
        .route("/api/flip", post(flip))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(axum::middleware::from_fn_with_state(app.clone(), guarded))
        .with_state(app)
}

async fn page() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        PAGE,
    )
}

async fn variants(State(app): State<App>) -> Json<Value> {
    Json(app.lock().variants_json())
}

async fn state(State(app): State<App>) -> Json<Value> {
    Json(app.lock().state())
}

/// `?turn=K`: the position after the first K turns, for looking back at the game.
async fn position(State(app): State<App>, req: Request) -> Response {
    let query = req.uri().query().unwrap_or("");
    let turn = query
        .split('&')
        .find_map(|kv| kv.strip_prefix("turn="))
        .ok_or("position takes ?turn=N (the turns played before it)")
        .and_then(|t| {
            t.parse::<usize>()
                .map_err(|_| "turn takes a number of turns, 0 or more")
        });
    let turn = match turn {
        Ok(t) => t,
        Err(e) => return error(StatusCode::BAD_REQUEST, e),
    };
    match app.lock().position(turn) {
        Ok(v) => Json(v).into_response(),
        Err(e) => error(StatusCode::UNPROCESSABLE_ENTITY, e),
    }
}

async fn events(
    State(app): State<App>,
) -> Sse<impl tokio_stream::Stream<Item = Result<Event, Infallible>>> {
    let first = Note {
        name: "state",
        data: app.lock().state().to_string(),
    };
    let rx = app.events.subscribe();
    let watching = Watching::new(&app);
    let stream = tokio_stream::once(first)
        .chain(BroadcastStream::new(rx).filter_map(|n| n.ok()))
        .map(move |n| {
            // Counted as long as the stream lives: it is dropped when the page goes.
            let _ = &watching;
            Ok(Event::default().event(n.name).data(n.data))
        });
    // A closed page is noticed only when something is written to it: a comment every few
    // seconds lets the analysis end soon after the last page.
    Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(2)))
}

fn error(status: StatusCode, msg: impl Into<String>) -> Response {
    (status, Json(json!({"error": msg.into()}))).into_response()
}

/// Parses a request body; anything but the expected JSON object is an error.
fn body<T: DeserializeOwned>(bytes: &Bytes) -> Result<T, String> {
    serde_json::from_slice(bytes).map_err(|e| format!("bad request body: {e}"))
}

/// Runs a change on the board; on success the searches follow the new position and every
/// page is told.
fn change(app: &App, f: impl FnOnce(&mut Board) -> Result<(), String>) -> Response {
    let mut b = app.lock();
    match f(&mut b) {
        Ok(()) => {
            b.version += 1;
            after_change(app, &mut b);
            Json(b.state()).into_response()
        }
        Err(e) => error(StatusCode::UNPROCESSABLE_ENTITY, e),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGame {
    variant: String,
    #[serde(default)]
    options: std::collections::BTreeMap<String, Value>,
    #[serde(default)]
    fen: Option<String>,
}

async fn new_game(State(app): State<App>, bytes: Bytes) -> Response {
    let req: NewGame = match body(&bytes) {
        Ok(r) => r,
        Err(e) => return error(StatusCode::BAD_REQUEST, e),
    };
    let mut options = Vec::new();
    for (k, v) in req.options {
        let v = match v {
            Value::String(s) => s,
            Value::Bool(b) => b.to_string(),
            Value::Number(n) => n.to_string(),
            _ => return error(StatusCode::BAD_REQUEST, format!("option {k}: not a value")),
        };
        options.push((k, v));
    }
    change(&app, |b| {
        stop(b);
        b.new_game(&req.variant, &options, req.fen.as_deref())
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Play {
    action: String,
}

async fn play(State(app): State<App>, bytes: Bytes) -> Response {
    let req: Play = match body(&bytes) {
        Ok(r) => r,
        Err(e) => return error(StatusCode::BAD_REQUEST, e),
    };
    change(&app, |b| {
        if b.engine.is_some() {
            return Err("the engine is thinking; wait for its move".into());
        }
        b.play_person(&req.action)
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Undo {
    #[serde(default)]
    action: bool,
}

async fn undo(State(app): State<App>, bytes: Bytes) -> Response {
    let req: Undo = if bytes.is_empty() {
        Undo { action: false }
    } else {
        match body(&bytes) {
            Ok(r) => r,
            Err(e) => return error(StatusCode::BAD_REQUEST, e),
        }
    };
    change(&app, |b| {
        b.undo(!req.action)?;
        cancel_engine(b);
        Ok(())
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EngineSettings {
    /// `white`, `black`, `none`, or `move` (play the side to move now).
    side: Option<String>,
    movetime_ms: Option<u64>,
    depth: Option<u32>,
}

async fn engine(State(app): State<App>, bytes: Bytes) -> Response {
    let req: EngineSettings = match body(&bytes) {
        Ok(r) => r,
        Err(e) => return error(StatusCode::BAD_REQUEST, e),
    };
    change(&app, |b| {
        // In a solitaire *Move now* is one action: the engine takes the player's side for it
        // alone (taking it for good would play the whole deal).
        let once = req.side.as_deref() == Some("move") && b.game.players() == 1;
        let side = match req.side.as_deref() {
            None => b.engine_side,
            Some("white") => Some(Player::White),
            Some("black") => Some(Player::Black),
            Some("none") => None,
            Some("move") if once => b.engine_side,
            Some("move") => Some(b.game.to_move()),
            Some(other) => {
                return Err(format!(
                    "side takes white, black, none or move, not '{other}'"
                ))
            }
        };
        if side == Some(Player::Black) && b.game.players() == 1 {
            return Err(format!(
                "{} has one player, who plays white",
                b.variant.name
            ));
        }
        if let Some(ms) = req.movetime_ms {
            if !(10..=600_000).contains(&ms) {
                return Err("movetime_ms takes 10 to 600000".into());
            }
        }
        if let Some(d) = req.depth {
            if !(1..=64).contains(&d) {
                return Err("depth takes 1 to 64".into());
            }
        }
        b.movetime_ms = req.movetime_ms.unwrap_or(b.movetime_ms);
        b.depth = req.depth.or(b.depth);
        if side != b.engine_side {
            cancel_engine(b);
            // A person playing Black sees the board from Black's side.
            if let Some(e) = side {
                b.flip = e == Player::White && b.game.players() > 1;
            }
        }
        b.engine_side = side;
        b.move_once = once;
        Ok(())
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Seat {
    /// `white`, `black`, or `all` (everything: the whole game, as a referee sees it).
    seat: String,
}

async fn seat(State(app): State<App>, bytes: Bytes) -> Response {
    let req: Seat = match body(&bytes) {
        Ok(r) => r,
        Err(e) => return error(StatusCode::BAD_REQUEST, e),
    };
    change(&app, |b| {
        let seat = match req.seat.as_str() {
            "white" => Some(Player::White),
            "black" => Some(Player::Black),
            "all" => None,
            other => return Err(format!("seat takes white, black or all, not '{other}'")),
        };
        b.choose_seat(seat)
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Flip {
    flip: bool,
}

async fn flip(State(app): State<App>, bytes: Bytes) -> Response {
    let req: Flip = match body(&bytes) {
        Ok(r) => r,
        Err(e) => return error(StatusCode::BAD_REQUEST, e),
    };
    change(&app, |b| {
        b.flip = req.flip;
        Ok(())
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Analyse {
    on: bool,
    multipv: Option<usize>,
}

async fn analyse(State(app): State<App>, bytes: Bytes) -> Response {
    let req: Analyse = match body(&bytes) {
        Ok(r) => r,
        Err(e) => return error(StatusCode::BAD_REQUEST, e),
    };
    change(&app, |b| {
        if let Some(m) = req.multipv {
            if !(1..=8).contains(&m) {
                return Err("multipv takes 1 to 8".into());
            }
            b.multipv = m;
        }
        b.analysing = req.on;
        b.analysis_ended = None;
        Ok(())
    })
}

fn stop(b: &mut Board) {
    cancel_engine(b);
    if let Some(j) = b.analysis.take() {
        j.ctl.stop();
    }
}

fn cancel_engine(b: &mut Board) {
    b.move_once = false;
    if let Some(j) = b.engine.take() {
        j.ctl.stop();
    }
}

/// After every change: the analysis restarts on the new position, the engine moves if it is
/// its turn, and every page gets the new state.
fn after_change(app: &App, b: &mut Board) {
    if let Some(j) = b.analysis.take() {
        j.ctl.stop();
    }
    let over = b.game.outcome().is_some();
    if b.analysing && !over {
        start_analysis(app, b);
    }
    let engine_turn = b.engine_side == Some(b.game.to_move()) || b.move_once;
    if !over && b.engine.is_none() && engine_turn {
        b.move_once = false;
        start_engine(app, b);
    }
    app.send("state", b.state());
}

fn new_job(b: &mut Board) -> (Arc<SearchControl>, u64) {
    let ctl = Arc::new(SearchControl::new(false));
    let id = b.next_job;
    b.next_job += 1;
    (ctl, id)
}

fn start_engine(app: &App, b: &mut Board) {
    let (ctl, id) = new_job(b);
    b.engine = Some(Job {
        ctl: ctl.clone(),
        id,
        started: Instant::now(),
    });
    // Its own view where anything is hidden: the engine never searches the other side's cards.
    let root = b.engine_root(b.game.to_move());
    let limits = Limits {
        movetime: Some(b.movetime_ms),
        depth: b.depth,
        ..Limits::default()
    };
    let tt = b.engine_tt.clone();
    let app = app.clone();
    thread::spawn(move || {
        let found = search_blocking(
            root.as_ref(),
            &limits,
            &SearchConfig::default(),
            &ctl,
            &tt,
            &mut |_| {},
        );
        // A solitaire's search returns its whole line as one turn; the engine plays its first
        // action (every action is a turn there).
        let take = if root.players() == 1 { 1 } else { usize::MAX };
        let turn = found
            .map(|r| r.turn.into_iter().take(take).collect::<Vec<_>>().join(","))
            .unwrap_or_default();
        let turn = if !turn.is_empty() && root.check_turn(&turn).is_ok() {
            turn
        } else {
            match root.legal_actions().into_iter().next() {
                Some(a) => a,
                None => return,
            }
        };
        let mut b = app.lock();
        if b.engine.as_ref().map(|j| j.id) != Some(id) {
            return;
        }
        b.engine = None;
        if b.play(&turn).is_ok() {
            b.version += 1;
            app.send("engine", json!({"turn": turn}));
            after_change(&app, &mut b);
        }
    });
}

/// How long the analysis of a one-player game solves before it reports.
const SOLO_ANALYSIS_MS: u64 = 3000;

fn start_analysis(app: &App, b: &mut Board) {
    let (ctl, id) = new_job(b);
    b.analysis = Some(Job {
        ctl: ctl.clone(),
        id,
        started: Instant::now(),
    });
    // What the page shows: the seat's view where anything is hidden.
    let root = b.shown();
    let version = b.version;
    let cfg = SearchConfig {
        multipv: b.multipv,
        ..SearchConfig::default()
    };
    let tt = b.analysis_tt.clone();
    let drawn = b.analysis_render_options();
    let app = app.clone();
    thread::spawn(move || {
        // A solitaire's solver reports its line when it ends, so its analysis is one solve
        // with a time limit; other games are searched until the analysis stops.
        let limits = if root.players() == 1 {
            Limits {
                movetime: Some(SOLO_ANALYSIS_MS),
                ..Limits::default()
            }
        } else {
            Limits {
                infinite: true,
                ..Limits::default()
            }
        };
        let mut report = |i: &tessera::search::SearchInfo| {
            if i.pv.is_empty() {
                return;
            }
            let score = match i.score {
                Score::Cp(v) => json!({"cp": v}),
                Score::Mate(m) => json!({"mate": m}),
            };
            // The best line's first two turns are drawn as arrows.
            let svg = if i.multipv <= 1 {
                let arrow = i.pv.iter().take(2).cloned().collect::<Vec<_>>().join(",");
                root.svg(&RenderOptions {
                    arrow: Some(arrow),
                    ..drawn.clone()
                })
                .ok()
            } else {
                None
            };
            app.send(
                "info",
                json!({"version": version, "job": id, "depth": i.depth, "multipv": i.multipv.max(1),
                       "score": score, "nodes": i.nodes, "nps": i.nps, "time_ms": i.time_ms,
                       "pv": i.pv, "svg": svg}),
            );
        };
        search_blocking(root.as_ref(), &limits, &cfg, &ctl, &tt, &mut report);
    });
}
