//! libyaml's event parser behind a safe interface: one text in, owned
//! events out, each with where it starts and ends. The one place that
//! touches `unsafe_libyaml`; the value reader (`super`) and the position
//! reader (`crate::locate`) read the same events, so a file is parsed once
//! when both are wanted.

use std::mem::MaybeUninit;

use super::YamlError;

/// A place in the text, as libyaml marks it: `index` counts bytes,
/// `line` and `column` start at 0 and `column` counts characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Mark {
    pub index: usize,
    pub line: usize,
    pub column: usize,
}

/// How a scalar is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ScalarStyle {
    Plain,
    SingleQuoted,
    DoubleQuoted,
    Literal,
    Folded,
}

/// One event, copied out of libyaml's.
#[derive(Debug)]
pub(crate) enum Ev {
    StreamStart,
    StreamEnd,
    DocStart,
    DocEnd,
    Alias(Vec<u8>),
    Scalar {
        anchor: Option<Vec<u8>>,
        tag: Option<Vec<u8>>,
        value: String,
        style: ScalarStyle,
    },
    SeqStart {
        anchor: Option<Vec<u8>>,
        flow: bool,
    },
    SeqEnd,
    MapStart {
        anchor: Option<Vec<u8>>,
        flow: bool,
    },
    MapEnd,
}

/// Whoever wants to see every event as it is read, besides the reader
/// pulling them (`crate::locate` building its node tree).
pub(crate) trait Watch {
    /// One event, with where it starts and ends.
    fn event(&mut self, ev: &Ev, start: Mark, end: Mark);
    /// The syntax error that ends the stream (told once), with its 1-based
    /// line and column.
    fn error(&mut self, message: &str, at: (usize, usize));
}

/// libyaml's parser over one text, yielding owned events.
pub(crate) struct Events<'a> {
    /// Boxed: libyaml keeps pointers into its parser struct.
    parser: Box<MaybeUninit<unsafe_libyaml::yaml_parser_t>>,
    /// Events read so far.
    pub count: usize,
    /// Shown every event before it is returned, and the syntax error.
    pub watch: Option<&'a mut dyn Watch>,
    /// Whether the parser failed (its error was shown to `watch`).
    failed: bool,
    /// The bytes skipped at the start (a byte order mark), added back to
    /// every mark's index.
    skip: usize,
    /// The text libyaml reads from (it keeps a pointer into it).
    _text: std::marker::PhantomData<&'a [u8]>,
}

impl<'a> Events<'a> {
    pub fn new(text: &'a [u8]) -> Events<'a> {
        // A byte order mark is no content (Go's reader, which detects the
        // encoding, skips it; told the encoding, libyaml would count it
        // as the first line's first column).
        let skip = if text.starts_with(b"\xEF\xBB\xBF") {
            3
        } else {
            0
        };
        let text = &text[skip..];
        let mut parser = Box::new(MaybeUninit::<unsafe_libyaml::yaml_parser_t>::uninit());
        // SAFETY: the parser is boxed (libyaml keeps a pointer to it) and
        // initialized before use; the text outlives it (the borrow `'a`).
        unsafe {
            let p = parser.as_mut_ptr();
            if unsafe_libyaml::yaml_parser_initialize(p).fail {
                panic!("libyaml: out of memory");
            }
            unsafe_libyaml::yaml_parser_set_encoding(p, unsafe_libyaml::YAML_UTF8_ENCODING);
            unsafe_libyaml::yaml_parser_set_input_string(p, text.as_ptr(), text.len() as u64);
        }
        Events {
            parser,
            count: 0,
            watch: None,
            failed: false,
            skip,
            _text: std::marker::PhantomData,
        }
    }

    /// The next event and where it starts; a syntax error ends the stream
    /// (every later call returns it again).
    pub fn next(&mut self) -> Result<(Ev, Mark), YamlError> {
        let mut event = MaybeUninit::<unsafe_libyaml::yaml_event_t>::uninit();
        // SAFETY: the parser was initialized in `new`; an event that
        // yaml_parser_parse filled is read, then deleted once.
        let (ev, start, end) = unsafe {
            let p = self.parser.as_mut_ptr();
            let failed = (&*p).error != unsafe_libyaml::YAML_NO_ERROR;
            if failed || unsafe_libyaml::yaml_parser_parse(p, event.as_mut_ptr()).fail {
                let e = parse_error(p);
                if !std::mem::replace(&mut self.failed, true) {
                    if let Some(w) = self.watch.as_mut() {
                        w.error(&e.message, e.at.unwrap_or((1, 1)));
                    }
                }
                return Err(e);
            }
            let e = event.as_mut_ptr();
            let start = mark((*e).start_mark, self.skip);
            let end = mark((*e).end_mark, self.skip);
            let ev = convert(&*e);
            unsafe_libyaml::yaml_event_delete(e);
            (ev, start, end)
        };
        self.count += 1;
        if let Some(w) = self.watch.as_mut() {
            w.event(&ev, start, end);
        }
        Ok((ev, start))
    }
}

impl Drop for Events<'_> {
    fn drop(&mut self) {
        // SAFETY: initialized in `new`, deleted once here.
        unsafe { unsafe_libyaml::yaml_parser_delete(self.parser.as_mut_ptr()) }
    }
}

fn mark(m: unsafe_libyaml::yaml_mark_t, skip: usize) -> Mark {
    Mark {
        index: m.index as usize + skip,
        line: m.line as usize,
        column: m.column as usize,
    }
}

/// libyaml's error, worded as serde_yaml worded it (the problem, then its
/// place), located at the problem.
///
/// # Safety
///
/// `p` points to an initialized parser.
unsafe fn parse_error(p: *const unsafe_libyaml::yaml_parser_t) -> YamlError {
    // SAFETY: the caller passes an initialized parser.
    unsafe {
        let p: &unsafe_libyaml::yaml_parser_t = &*p;
        let problem = c_text(p.problem);
        let mark = p.problem_mark;
        let (line, column) = (mark.line as usize, mark.column as usize);
        if line != 0 || column != 0 {
            YamlError::new(problem, Some((line + 1, column + 1)))
        } else {
            let offset = p.problem_offset;
            let mut msg = problem;
            if offset != 0 {
                msg.push_str(&format!(" at position {offset}"));
            }
            let context = p.context;
            if !context.is_null() {
                msg.push_str(", ");
                msg.push_str(&c_text(context));
            }
            YamlError::new(msg, Some((1, 1)))
        }
    }
}

/// A NUL-terminated C string as text (lossy), or a placeholder for null.
///
/// # Safety
///
/// `s` is null or points to a NUL-terminated string.
unsafe fn c_text(s: *const std::ffi::c_char) -> String {
    if s.is_null() {
        return "libyaml parser failed but there is no error".into();
    }
    // SAFETY: libyaml's messages are NUL-terminated static strings.
    unsafe { std::ffi::CStr::from_ptr(s) }
        .to_string_lossy()
        .into_owned()
}

/// Copies the bytes at `s` up to the NUL, or `None` for a null pointer.
///
/// # Safety
///
/// `s` is null or points to a NUL-terminated string.
unsafe fn c_bytes(s: *const u8) -> Option<Vec<u8>> {
    if s.is_null() {
        return None;
    }
    // SAFETY: anchors and tags in libyaml events are NUL-terminated.
    Some(
        unsafe { std::ffi::CStr::from_ptr(s.cast()) }
            .to_bytes()
            .to_vec(),
    )
}

/// One libyaml event as the reader's own event type.
///
/// # Safety
///
/// `e` is an event the parser produced (its union field matches its type and
/// its pointers are valid).
unsafe fn convert(e: &unsafe_libyaml::yaml_event_t) -> Ev {
    // SAFETY: each union field is read for its own event type.
    unsafe {
        match e.type_ {
            unsafe_libyaml::YAML_STREAM_START_EVENT => Ev::StreamStart,
            unsafe_libyaml::YAML_STREAM_END_EVENT => Ev::StreamEnd,
            unsafe_libyaml::YAML_DOCUMENT_START_EVENT => Ev::DocStart,
            unsafe_libyaml::YAML_DOCUMENT_END_EVENT => Ev::DocEnd,
            unsafe_libyaml::YAML_ALIAS_EVENT => {
                Ev::Alias(c_bytes(e.data.alias.anchor).unwrap_or_default())
            }
            unsafe_libyaml::YAML_SCALAR_EVENT => {
                let s = &e.data.scalar;
                let bytes = std::slice::from_raw_parts(s.value, s.length as usize);
                Ev::Scalar {
                    anchor: c_bytes(s.anchor),
                    tag: c_bytes(s.tag),
                    value: String::from_utf8_lossy(bytes).into_owned(),
                    style: match s.style {
                        unsafe_libyaml::YAML_SINGLE_QUOTED_SCALAR_STYLE => {
                            ScalarStyle::SingleQuoted
                        }
                        unsafe_libyaml::YAML_DOUBLE_QUOTED_SCALAR_STYLE => {
                            ScalarStyle::DoubleQuoted
                        }
                        unsafe_libyaml::YAML_LITERAL_SCALAR_STYLE => ScalarStyle::Literal,
                        unsafe_libyaml::YAML_FOLDED_SCALAR_STYLE => ScalarStyle::Folded,
                        _ => ScalarStyle::Plain,
                    },
                }
            }
            unsafe_libyaml::YAML_SEQUENCE_START_EVENT => Ev::SeqStart {
                anchor: c_bytes(e.data.sequence_start.anchor),
                flow: e.data.sequence_start.style == unsafe_libyaml::YAML_FLOW_SEQUENCE_STYLE,
            },
            unsafe_libyaml::YAML_SEQUENCE_END_EVENT => Ev::SeqEnd,
            unsafe_libyaml::YAML_MAPPING_START_EVENT => Ev::MapStart {
                anchor: c_bytes(e.data.mapping_start.anchor),
                flow: e.data.mapping_start.style == unsafe_libyaml::YAML_FLOW_MAPPING_STYLE,
            },
            _ => Ev::MapEnd,
        }
    }
}
