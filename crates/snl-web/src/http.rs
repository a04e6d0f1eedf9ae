//! The connections: each request's head is read and checked here before
//! hyper sees it, so that every refusal at that level (a request line that
//! is not HTTP/1.0 or 1.1, a target or head too long, too many header
//! lines, a bad `Content-Length`, a head that does not arrive in time) is
//! answered with the API's `{"error": ...}` like every other error, rather
//! than with a bare status. Each connection carries one request: the next
//! one comes on a new connection, whose head is checked again.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};

use axum::Router;
use axum::http::StatusCode;
use hyper_util::rt::TokioIo;
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::TcpStream;
use tokio::sync::watch;
use tokio::time::Instant;

use crate::StudioLimits;

/// The most header lines a request may have.
pub const MAX_HEADERS: usize = 100;

/// Serves one connection: its request's head read within
/// [`StudioLimits::header_time`] and checked, then the request answered by
/// `router`. When `stopping` turns true the connection ends once its
/// answer is written (at once if no request has arrived on it).
pub async fn connection(
    mut stream: TcpStream,
    router: Router,
    limits: StudioLimits,
    mut stopping: watch::Receiver<bool>,
) {
    let head = tokio::select! {
        head = read_head(&mut stream, &limits) => head,
        () = crate::routes::stopped(&mut stopping) => return,
    };
    let head = match head {
        Ok(head) => head,
        Err(Refusal::Closed) => return,
        Err(refusal) => {
            refuse(stream, &refusal, &limits).await;
            return;
        }
    };
    let io = TokioIo::new(Prefixed {
        head,
        at: 0,
        stream,
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder.keep_alive(false);
    let conn = builder.serve_connection(io, TowerToHyperService::new(router));
    tokio::pin!(conn);
    tokio::select! {
        _ = conn.as_mut() => return,
        () = crate::routes::stopped(&mut stopping) => conn.as_mut().graceful_shutdown(),
    }
    let _ = conn.await;
}

/// Why a request's head was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The client closed the connection before a whole head arrived:
    /// nothing to answer.
    Closed,
    /// 400: not an HTTP/1 request.
    Malformed(String),
    /// 414: the request target is longer than [`StudioLimits::uri_bytes`].
    TargetTooLong,
    /// 431: the head is longer than [`StudioLimits::head_bytes`], or has more
    /// than [`MAX_HEADERS`] lines.
    HeadTooLarge,
    /// 408: the head did not arrive within [`StudioLimits::header_time`].
    TooSlow,
}

impl Refusal {
    fn status(&self) -> StatusCode {
        match self {
            Refusal::Closed | Refusal::Malformed(_) => StatusCode::BAD_REQUEST,
            Refusal::TargetTooLong => StatusCode::URI_TOO_LONG,
            Refusal::HeadTooLarge => StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            Refusal::TooSlow => StatusCode::REQUEST_TIMEOUT,
        }
    }

    fn message(&self, limits: &StudioLimits) -> String {
        match self {
            Refusal::Closed => "the request ended before its head".to_string(),
            Refusal::Malformed(why) => {
                format!("the request is not one the studio reads: {why}; send an HTTP/1.1 request")
            }
            Refusal::TargetTooLong => format!(
                "the request's address is longer than {} bytes; send the board as the body, \
                 not in the query string",
                limits.uri_bytes
            ),
            Refusal::HeadTooLarge => format!(
                "the request's head is larger than {} bytes or has more than {MAX_HEADERS} \
                 header lines, the most the studio reads",
                limits.head_bytes
            ),
            Refusal::TooSlow => format!(
                "the request's head did not arrive within {} seconds",
                limits.header_time.as_secs_f64()
            ),
        }
    }
}

/// Reads a request's head (and whatever came after it in the same reads),
/// checking it as it comes: the bytes read, once the head is whole and
/// fit to be answered.
///
/// # Errors
///
/// The [`Refusal`] to answer with.
pub async fn read_head(
    stream: &mut (impl AsyncRead + Unpin),
    limits: &StudioLimits,
) -> Result<Vec<u8>, Refusal> {
    let deadline = Instant::now() + limits.header_time;
    let mut bytes = Vec::with_capacity(1024);
    loop {
        match check_head(&bytes, limits) {
            Ok(true) => return Ok(bytes),
            Ok(false) => {}
            Err(refusal) => return Err(refusal),
        }
        let room = limits.head_bytes + 1 - bytes.len().min(limits.head_bytes);
        let mut chunk = vec![0u8; room.min(16 * 1024)];
        let n = match tokio::time::timeout_at(deadline, stream.read(&mut chunk)).await {
            Err(_) => return Err(Refusal::TooSlow),
            Ok(Err(_) | Ok(0)) => return Err(Refusal::Closed),
            Ok(Ok(n)) => n,
        };
        bytes.extend_from_slice(&chunk[..n]);
    }
}

/// Whether `bytes` start with a whole head fit to be answered (`true`),
/// may still become one (`false`), or cannot.
///
/// # Errors
///
/// The [`Refusal`] for a head that cannot be answered.
pub fn check_head(bytes: &[u8], limits: &StudioLimits) -> Result<bool, Refusal> {
    // The request line so far, after any empty lines before it.
    let start = bytes
        .iter()
        .position(|&b| b != b'\r' && b != b'\n')
        .unwrap_or(bytes.len());
    let line = &bytes[start..];
    let line = &line[..line.iter().position(|&b| b == b'\n').unwrap_or(line.len())];
    // The method, the target and the version, with room for the spaces.
    if line.len() > limits.uri_bytes + 32 {
        return Err(target_or_garbage(line));
    }
    let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
    let mut request = httparse::Request::new(&mut headers);
    let parsed = request.parse(bytes);
    match parsed {
        Ok(httparse::Status::Partial) => {
            if bytes.len() > limits.head_bytes {
                Err(Refusal::HeadTooLarge)
            } else {
                Ok(false)
            }
        }
        Ok(httparse::Status::Complete(len)) => {
            if len > limits.head_bytes {
                return Err(Refusal::HeadTooLarge);
            }
            if request.path.is_some_and(|p| p.len() > limits.uri_bytes) {
                return Err(Refusal::TargetTooLong);
            }
            if let Some(path) = request.path
                && axum::http::Uri::try_from(path).is_err()
            {
                return Err(Refusal::Malformed(format!(
                    "`{}` is not a request target",
                    shown(path.as_bytes())
                )));
            }
            check_framing(request.headers)?;
            Ok(true)
        }
        Err(httparse::Error::TooManyHeaders) => Err(Refusal::HeadTooLarge),
        // A method and a target with no version: HTTP/0.9.
        Err(e)
            if e == httparse::Error::Version
                || line.trim_ascii().split(|&b| b == b' ').count() == 2 =>
        {
            Err(Refusal::Malformed(format!(
                "its first line, `{}`, does not end in HTTP/1.0 or HTTP/1.1 (HTTP/0.9 is not \
                 answered)",
                shown(line.trim_ascii())
            )))
        }
        Err(e) => Err(Refusal::Malformed(format!(
            "{e} in `{}`",
            shown(&bytes[..bytes.len().min(80)])
        ))),
    }
}

/// A request line too long: a long target (414), or not a request at all.
fn target_or_garbage(line: &[u8]) -> Refusal {
    let mut words = line.splitn(2, |&b| b == b' ');
    let method = words.next().unwrap_or_default();
    if !method.is_empty() && method.iter().all(u8::is_ascii_uppercase) && words.next().is_some() {
        Refusal::TargetTooLong
    } else {
        Refusal::Malformed(format!(
            "its first line does not start with a method (`{}`)",
            shown(&line[..line.len().min(40)])
        ))
    }
}

/// Checks what says where the body ends: every `Content-Length` a number,
/// and the same one; a `Transfer-Encoding` that ends in `chunked`.
fn check_framing(headers: &[httparse::Header<'_>]) -> Result<(), Refusal> {
    let mut length: Option<u64> = None;
    for h in headers {
        if h.name.eq_ignore_ascii_case("content-length") {
            let value = std::str::from_utf8(h.value).unwrap_or("").trim();
            let n = (!value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()))
                .then(|| value.parse::<u64>().ok())
                .flatten()
                .ok_or_else(|| {
                    Refusal::Malformed(format!(
                        "its Content-Length, `{}`, is not a number of bytes",
                        shown(h.value)
                    ))
                })?;
            if length.is_some_and(|l| l != n) {
                return Err(Refusal::Malformed(
                    "it has two Content-Length headers that disagree".to_string(),
                ));
            }
            length = Some(n);
        } else if h.name.eq_ignore_ascii_case("transfer-encoding") {
            let value = String::from_utf8_lossy(h.value).to_ascii_lowercase();
            let last = value.rsplit(',').next().unwrap_or("").trim();
            if last != "chunked" {
                return Err(Refusal::Malformed(format!(
                    "its Transfer-Encoding, `{}`, does not end in chunked",
                    shown(h.value)
                )));
            }
        }
    }
    Ok(())
}

/// Bytes from a request, for a message: printable ASCII kept, the rest
/// escaped.
fn shown(bytes: &[u8]) -> String {
    bytes.escape_ascii().to_string()
}

/// Answers a refused head, then lets the client finish sending (for at
/// most a second) so that closing does not reset the connection before
/// the answer is read.
async fn refuse(mut stream: TcpStream, refusal: &Refusal, limits: &StudioLimits) {
    let response = error_response(refusal.status(), &refusal.message(limits));
    if stream.write_all(&response).await.is_err() {
        return;
    }
    let _ = stream.shutdown().await;
    let mut sink = vec![0u8; 16 * 1024];
    let linger = Instant::now() + std::time::Duration::from_secs(1);
    let mut drained = 0usize;
    while drained < limits.body_bytes {
        match tokio::time::timeout_at(linger, stream.read(&mut sink)).await {
            Ok(Ok(n)) if n > 0 => drained += n,
            _ => break,
        }
    }
}

/// An HTTP/1.1 response with `{"error": message}`, closing the connection.
pub fn error_response(status: StatusCode, message: &str) -> Vec<u8> {
    let body = serde_json::json!({ "error": message }).to_string();
    format!(
        "HTTP/1.1 {} {}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
         connection: close\r\ncache-control: no-store\r\nx-content-type-options: nosniff\r\n\r\n{body}",
        status.as_u16(),
        status.canonical_reason().unwrap_or(""),
        body.len()
    )
    .into_bytes()
}

/// A connection whose first bytes were already read: they are read again
/// first.
struct Prefixed {
    head: Vec<u8>,
    at: usize,
    stream: TcpStream,
}

impl AsyncRead for Prefixed {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = &mut *self;
        if this.at < this.head.len() {
            let n = buf.remaining().min(this.head.len() - this.at);
            buf.put_slice(&this.head[this.at..this.at + n]);
            this.at += n;
            if this.at == this.head.len() {
                this.head = Vec::new();
                this.at = 0;
            }
            return Poll::Ready(Ok(()));
        }
        Pin::new(&mut this.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Prefixed {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(bytes: &[u8]) -> Result<bool, Refusal> {
        check_head(bytes, &StudioLimits::default())
    }

    #[test]
    fn heads_are_checked_as_they_come() {
        assert_eq!(check(b"GET / HTTP/1.1\r\nHost: x\r\n"), Ok(false));
        assert_eq!(check(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n"), Ok(true));
        assert_eq!(check(b"\r\nGET / HTTP/1.0\r\n\r\n"), Ok(true));
        assert!(
            matches!(check(b"GET /\r\n\r\n"), Err(Refusal::Malformed(m)) if m.contains("HTTP/0.9"))
        );
        assert!(matches!(
            check(b"\x16\x03\x01garbage\r\n\r\n"),
            Err(Refusal::Malformed(_))
        ));
        let bad_length = b"POST /api/analyse HTTP/1.1\r\nContent-Length: 12abc\r\n\r\n";
        assert!(matches!(check(bad_length), Err(Refusal::Malformed(m)) if m.contains("12abc")));
        let two = b"POST / HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\n";
        assert!(matches!(check(two), Err(Refusal::Malformed(m)) if m.contains("disagree")));
        let te = b"POST / HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n";
        assert!(matches!(check(te), Err(Refusal::Malformed(_))));
        let long = format!("GET /?q={} HTTP/1.1\r\n", "a".repeat(100_000));
        assert_eq!(check(long.as_bytes()), Err(Refusal::TargetTooLong));
        let mut many = b"GET / HTTP/1.1\r\n".to_vec();
        for i in 0..500 {
            many.extend_from_slice(format!("X-{i}: 1\r\n").as_bytes());
        }
        many.extend_from_slice(b"\r\n");
        assert_eq!(check(&many), Err(Refusal::HeadTooLarge));
        let mut huge = b"GET / HTTP/1.1\r\nX: ".to_vec();
        huge.extend(std::iter::repeat_n(b'a', 600_000));
        assert_eq!(check(&huge), Err(Refusal::HeadTooLarge));
    }

    #[test]
    fn refusals_are_json() {
        let r = error_response(StatusCode::URI_TOO_LONG, "too \"long\"");
        let text = String::from_utf8(r).unwrap();
        assert!(text.starts_with("HTTP/1.1 414 URI Too Long\r\n"), "{text}");
        let body = text.split("\r\n\r\n").nth(1).unwrap();
        let json: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(json["error"], "too \"long\"");
    }
}
