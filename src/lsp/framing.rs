//! Reading the protocol's messages from a byte stream: `Content-Length`
//! framing and JSON-RPC validation, with limits. A bad message gets an
//! error reply and the server reads on; nothing a client sends can make
//! it allocate more than [`MAX_MESSAGE_BYTES`] for one message or stop.
//!
//! - a body over [`MAX_MESSAGE_BYTES`]: skipped without being kept, then
//!   answered `-32600` (invalid request);
//! - a header line over [`MAX_HEADER_BYTES`], or headers without a
//!   usable `Content-Length`: `-32700` (parse error);
//! - a body that is not UTF-8 or not JSON: `-32700`;
//! - JSON that is not a request, notification or response (an array, an
//!   object without `method`, an `id` that is null, an object, ...):
//!   `-32600`.
//!
//! Errors about a message whose id cannot be read carry the id `null`, as
//! JSON-RPC 2.0 says.

use std::io::{self, BufRead, Read};

use lsp_server::{ErrorCode, Message, RequestId};
use serde_json::Value;

/// The largest message body read (32 MiB: a customization file far
/// larger than any real one, as JSON).
pub const MAX_MESSAGE_BYTES: u64 = 32 << 20;

/// The longest header line read.
pub const MAX_HEADER_BYTES: usize = 4096;

/// What one read gave.
#[derive(Debug)]
pub enum Frame {
    /// A valid message.
    Message(Message),
    /// An invalid one, and the error response it gets.
    Invalid(Invalid),
    /// The end of the stream.
    End,
}

/// The error response to an invalid message.
#[derive(Debug)]
pub struct Invalid {
    /// The message's id when it could be read (else the reply's is null).
    pub id: Option<RequestId>,
    pub code: i32,
    pub message: String,
}

impl Invalid {
    /// The response as JSON.
    pub fn to_json(&self) -> Value {
        let id = self
            .id
            .as_ref()
            .and_then(|id| serde_json::to_value(id).ok())
            .unwrap_or(Value::Null);
        serde_json::json!({
            "jsonrpc": "2.0",
            "id": id,
            "error": {"code": self.code, "message": self.message},
        })
    }

    /// Writes the response with its `Content-Length` header.
    pub fn write(&self, w: &mut impl io::Write) -> io::Result<()> {
        let body = self.to_json().to_string();
        write!(w, "Content-Length: {}\r\n\r\n{body}", body.len())?;
        w.flush()
    }
}

fn error(id: Option<RequestId>, code: ErrorCode, message: String) -> Frame {
    Frame::Invalid(Invalid {
        id,
        code: code as i32,
        message,
    })
}

/// Reads one line of at most `MAX_HEADER_BYTES` (its ending stripped);
/// `None` at the end of the stream. A longer line is read to its end and
/// given as `Err`.
fn header_line(r: &mut impl BufRead) -> io::Result<Option<Result<String, ()>>> {
    let mut line = Vec::new();
    let mut too_long = false;
    loop {
        let buf = r.fill_buf()?;
        if buf.is_empty() {
            return Ok((!line.is_empty() || too_long).then_some(Err(())));
        }
        let (take, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (buf.len(), false),
        };
        if !too_long {
            line.extend_from_slice(&buf[..take]);
            if line.len() > MAX_HEADER_BYTES {
                too_long = true;
                line.clear();
            }
        }
        r.consume(take);
        if done {
            break;
        }
    }
    if too_long {
        return Ok(Some(Err(())));
    }
    while line.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
        line.pop();
    }
    Ok(Some(String::from_utf8(line).map_err(|_| ())))
}

/// Reads the next message.
pub fn read(r: &mut impl BufRead) -> io::Result<Frame> {
    let mut length: Option<Result<u64, ()>> = None;
    let mut bad_header = false;
    let mut any = false;
    loop {
        let Some(line) = header_line(r)? else {
            return Ok(Frame::End);
        };
        let Ok(line) = line else {
            bad_header = true;
            any = true;
            continue;
        };
        if line.is_empty() {
            if any {
                break;
            }
            // Blank lines between messages.
            continue;
        }
        any = true;
        let (name, value) = line.split_once(':').unwrap_or((&line, ""));
        if name.trim().eq_ignore_ascii_case("content-length") {
            length = Some(value.trim().parse::<u64>().map_err(|_| ()));
        }
    }
    let length = match (length, bad_header) {
        (Some(Ok(n)), false) => n,
        _ => {
            return Ok(error(
                None,
                ErrorCode::ParseError,
                "a message without a valid Content-Length header".into(),
            ));
        }
    };
    if length > MAX_MESSAGE_BYTES {
        io::copy(&mut r.take(length), &mut io::sink())?;
        return Ok(error(
            None,
            ErrorCode::InvalidRequest,
            format!(
                "a message of {length} bytes, over the limit of {} MiB",
                MAX_MESSAGE_BYTES >> 20
            ),
        ));
    }
    let mut body = Vec::with_capacity(length as usize);
    r.take(length).read_to_end(&mut body)?;
    if (body.len() as u64) < length {
        return Ok(Frame::End);
    }
    Ok(decode(&body))
}

/// A message body's meaning.
pub fn decode(body: &[u8]) -> Frame {
    let Ok(text) = std::str::from_utf8(body) else {
        return error(
            None,
            ErrorCode::ParseError,
            "the message is not UTF-8".into(),
        );
    };
    let value: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            return error(
                None,
                ErrorCode::ParseError,
                format!("the message is not JSON: {e}"),
            );
        }
    };
    let Value::Object(obj) = &value else {
        return error(
            None,
            ErrorCode::InvalidRequest,
            "a message must be a JSON object (batches are not supported)".into(),
        );
    };
    let id = match obj.get("id") {
        None => None,
        Some(Value::Number(n)) if n.is_i64() || n.is_u64() => {
            match n.as_i64().and_then(|n| i32::try_from(n).ok()) {
                Some(n) => Some(RequestId::from(n)),
                None => Some(RequestId::from(n.to_string())),
            }
        }
        Some(Value::String(s)) => Some(RequestId::from(s.clone())),
        Some(_) => {
            return error(
                None,
                ErrorCode::InvalidRequest,
                "a message's id must be a number or a string".into(),
            );
        }
    };
    let has_method = matches!(obj.get("method"), Some(Value::String(_)));
    let is_response = obj.contains_key("result") || obj.contains_key("error");
    if !(has_method || is_response && id.is_some()) {
        return error(
            id,
            ErrorCode::InvalidRequest,
            "a message must have a method (or be a response)".into(),
        );
    }
    match serde_json::from_value::<Message>(value) {
        Ok(m) => Frame::Message(m),
        Err(e) => error(
            id,
            ErrorCode::InvalidRequest,
            format!("not a valid message: {e}"),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn framed(body: &[u8]) -> Vec<u8> {
        let mut v = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
        v.extend_from_slice(body);
        v
    }

    fn code(f: &Frame) -> Option<i32> {
        match f {
            Frame::Invalid(r) => Some(r.code),
            _ => None,
        }
    }

    #[test]
    fn valid_messages_pass() {
        let mut input = framed(br#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#);
        input.extend(framed(br#"{"jsonrpc":"2.0","method":"exit"}"#));
        let mut r = io::Cursor::new(input);
        assert!(
            matches!(read(&mut r).unwrap(), Frame::Message(Message::Request(q)) if q.method == "shutdown")
        );
        assert!(
            matches!(read(&mut r).unwrap(), Frame::Message(Message::Notification(n)) if n.method == "exit")
        );
        assert!(matches!(read(&mut r).unwrap(), Frame::End));
    }

    #[test]
    fn bad_messages_get_their_error_and_reading_goes_on() {
        let bodies: &[(&[u8], i32)] = &[
            (b"{not json", -32700),
            (b"\xff\xfe{}", -32700),
            (b"[1, 2]", -32600),
            (br#"{"jsonrpc":"2.0","id":3}"#, -32600),
            (br#"{"jsonrpc":"2.0","id":null,"method":"x"}"#, -32600),
            (br#"{"jsonrpc":"2.0","id":{"a":1},"method":"x"}"#, -32600),
            (br#"{"jsonrpc":"2.0","id":1.5,"method":"x"}"#, -32600),
        ];
        let mut input = Vec::new();
        for (b, _) in bodies {
            input.extend(framed(b));
        }
        input.extend(b"Content-Length: 1000000000000\r\n\r\n{}");
        let mut r = io::Cursor::new(input);
        for (b, want) in bodies {
            let f = read(&mut r).unwrap();
            assert_eq!(code(&f), Some(*want), "{}", String::from_utf8_lossy(b));
        }
        assert_eq!(code(&read(&mut r).unwrap()), Some(-32600), "too long");
        assert!(matches!(read(&mut r).unwrap(), Frame::End));
    }

    #[test]
    fn headers_are_bounded() {
        let mut input = b"X-Long: ".to_vec();
        input.extend(vec![b'a'; 10 * MAX_HEADER_BYTES]);
        input.extend(b"\r\nContent-Length: 2\r\n\r\n{}");
        input.extend(b"Content-Length: nope\r\n\r\n");
        input.extend(framed(br#"{"jsonrpc":"2.0","method":"exit"}"#));
        let mut r = io::Cursor::new(input);
        assert_eq!(code(&read(&mut r).unwrap()), Some(-32700));
        assert_eq!(code(&read(&mut r).unwrap()), Some(-32700));
        assert!(matches!(
            read(&mut r).unwrap(),
            Frame::Message(Message::Notification(_))
        ));
    }
}
