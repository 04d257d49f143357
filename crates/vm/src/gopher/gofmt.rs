//! `string.format` as gopher-lua does it: Go's `fmt.Sprintf` over Lua values,
//! each formatted by gopher's `Format` methods (numbers, strings) or Go rules.

use mlua::{Lua, MultiValue, Table, Value};

use crate::goprim::Fmt;
use crate::{goargs, gonum, goutf8, raise};

/// A Lua value as gopher hands it to `fmt.Sprintf`.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    Number(f64),
    Str(Vec<u8>),
    Bool(bool),
    Nil,
    /// Table, function, userdata or thread: its Go type and `tostring` form.
    Ref {
        go_type: &'static str,
        text: Vec<u8>,
        addr: usize,
    },
}

impl Arg {
    fn go_type(&self) -> &'static str {
        match self {
            Arg::Number(_) => "lua.LNumber",
            Arg::Str(_) => "lua.LString",
            Arg::Bool(_) => "lua.LBool",
            Arg::Nil => "*lua.LNilType",
            Arg::Ref { go_type, .. } => go_type,
        }
    }

    /// Converts a Lua value.
    pub fn from_value(v: &Value) -> Arg {
        let ptr = v.to_pointer() as usize;
        let reference = |go_type, lua_type: &str| Arg::Ref {
            go_type,
            text: format!("{lua_type}: {:#x}", ptr).into_bytes(),
            addr: ptr,
        };
        match v {
            Value::Nil => Arg::Nil,
            Value::Boolean(b) => Arg::Bool(*b),
            Value::String(s) => Arg::Str(s.as_bytes().to_vec()),
            Value::Table(_) => reference("*lua.LTable", "table"),
            Value::Function(_) => reference("*lua.LFunction", "function"),
            Value::Thread(_) => reference("*lua.LState", "thread"),
            _ => match goargs::number(v) {
                Some(f) => Arg::Number(f),
                None => reference("*lua.LUserData", "userdata"),
            },
        }
    }
}

/// A value being printed: a Lua argument, or the Go value a gopher `Format`
/// method passed on to `fmt` (which names it in bad-verb messages).
#[derive(Clone, Copy)]
enum Val<'a> {
    Lua(&'a Arg),
    I64(i64),
    F64(f64),
    Str(&'a [u8]),
}

/// gopher's `string.format`: the verb count is the number of `%` minus the
/// number of `%%`, and arguments beyond it are dropped before `Sprintf`.
pub fn gopher_format(format: &[u8], args: &[Arg]) -> Vec<u8> {
    let percents = format.iter().filter(|&&c| c == b'%').count();
    let mut doubles = 0;
    let mut i = 0;
    while i + 1 < format.len() {
        if format[i] == b'%' && format[i + 1] == b'%' {
            doubles += 1;
            i += 2;
        } else {
            i += 1;
        }
    }
    let n = (percents - doubles).min(args.len());
    sprintf(format, &args[..n])
}

struct Printer<'a> {
    f: Fmt,
    args: &'a [Arg],
    reordered: bool,
    good_arg_num: bool,
}

/// Go's `parsenum`: `(value, found, next index)`; absurdly long numbers
/// give `(0, false, end)`.
fn parse_num(s: &[u8], start: usize) -> (usize, bool, usize) {
    let (mut num, mut found, mut i) = (0usize, false, start);
    while i < s.len() && s[i].is_ascii_digit() {
        if num > 1_000_000 {
            return (0, false, s.len());
        }
        num = num * 10 + usize::from(s[i] - b'0');
        found = true;
        i += 1;
    }
    (num, found, i)
}

/// Go's `fmt.Sprintf` over Lua arguments.
pub fn sprintf(format: &[u8], args: &[Arg]) -> Vec<u8> {
    let mut p = Printer {
        f: Fmt::default(),
        args,
        reordered: false,
        good_arg_num: true,
    };
    let end = format.len();
    let mut arg_num = 0;
    let mut i = 0;
    while i < end {
        p.good_arg_num = true;
        let last = i;
        while i < end && format[i] != b'%' {
            i += 1;
        }
        p.f.write(&format[last..i]);
        if i >= end {
            break;
        }
        i += 1;
        p.f.clear_flags();
        while i < end {
            match format[i] {
                b'#' => p.f.sharp = true,
                b'0' => p.f.zero = !p.f.minus,
                b'+' => p.f.plus = true,
                b'-' => {
                    p.f.minus = true;
                    p.f.zero = false;
                }
                b' ' => p.f.space = true,
                _ => break,
            }
            i += 1;
        }
        let mut after_index;
        (arg_num, i, after_index) = p.arg_number(arg_num, format, i);
        if i < end && format[i] == b'*' {
            i += 1;
            // Lua numbers are never Go ints: the width is always bad.
            if arg_num < args.len() {
                arg_num += 1;
            }
            p.f.wid = None;
            p.f.write(b"%!(BADWIDTH)");
            after_index = false;
        } else {
            let (w, found, next) = parse_num(format, i);
            i = next;
            p.f.wid = found.then_some(w);
            if after_index && found {
                p.good_arg_num = false;
            }
        }
        if i + 1 < end && format[i] == b'.' {
            i += 1;
            if after_index {
                p.good_arg_num = false;
            }
            (arg_num, i, after_index) = p.arg_number(arg_num, format, i);
            if i < end && format[i] == b'*' {
                i += 1;
                if arg_num < args.len() {
                    arg_num += 1;
                }
                p.f.prec = None;
                p.f.write(b"%!(BADPREC)");
                after_index = false;
            } else {
                let (pr, found, next) = parse_num(format, i);
                i = next;
                p.f.prec = Some(if found { pr } else { 0 });
            }
        }
        if !after_index {
            (arg_num, i, _) = p.arg_number(arg_num, format, i);
        }
        if i >= end {
            p.f.write(b"%!(NOVERB)");
            break;
        }
        let (verb, size) = goutf8::decode(&format[i..]);
        i += size;
        if verb == u32::from(b'%') {
            p.f.write(b"%");
        } else if !p.good_arg_num {
            p.bang(verb, b"BADINDEX");
        } else if arg_num >= args.len() {
            p.bang(verb, b"MISSING");
        } else {
            if verb == u32::from(b'v') || verb == u32::from(b'w') {
                p.f.sharp_v = std::mem::take(&mut p.f.sharp);
                p.f.plus_v = std::mem::take(&mut p.f.plus);
            }
            p.print_arg(&args[arg_num], verb);
            arg_num += 1;
        }
    }
    if !p.reordered && arg_num < args.len() {
        p.f.clear_flags();
        p.f.write(b"%!(EXTRA ");
        for (k, a) in args[arg_num..].iter().enumerate() {
            if k > 0 {
                p.f.write(b", ");
            }
            p.f.write(a.go_type().as_bytes());
            p.f.write(b"=");
            p.print_arg(a, u32::from(b'v'));
        }
        p.f.write(b")");
    }
    p.f.buf
}

fn is(verb: u32, c: u8) -> bool {
    verb == u32::from(c)
}

impl Printer<'_> {
    /// Go's `argNumber`: an explicit `[n]` index at `i`.
    fn arg_number(&mut self, arg_num: usize, s: &[u8], i: usize) -> (usize, usize, bool) {
        if i >= s.len() || s[i] != b'[' {
            return (arg_num, i, false);
        }
        self.reordered = true;
        let rest = &s[i..];
        let (index, wid, ok) = match rest.iter().position(|&c| c == b']') {
            Some(close) if rest.len() >= 3 => {
                let (n, found, next) = parse_num(&rest[..close], 1);
                if !found || next != close {
                    (0, close + 1, false)
                } else {
                    (n as isize - 1, close + 1, true)
                }
            }
            _ => (0, 1, false),
        };
        if ok && index >= 0 && (index as usize) < self.args.len() {
            return (index as usize, i + wid, true);
        }
        self.good_arg_num = false;
        (arg_num, i + wid, ok)
    }

    fn bang(&mut self, verb: u32, what: &[u8]) {
        self.f.write(b"%!");
        goutf8::push_rune(&mut self.f.buf, verb);
        self.f.write(b"(");
        self.f.write(what);
        self.f.write(b")");
    }

    fn print_arg(&mut self, arg: &Arg, verb: u32) {
        if is(verb, b'T') {
            self.f.fmt_s(arg.go_type().as_bytes());
            return;
        }
        if is(verb, b'p') {
            match arg {
                Arg::Ref { addr, .. } => self.pointer(*addr),
                Arg::Nil => self.pointer(0),
                _ => self.bad_verb(verb, Val::Lua(arg)),
            }
            return;
        }
        if is(verb, b'w') {
            self.bad_verb(verb, Val::Lua(arg));
            return;
        }
        if is(verb, b'[') && matches!(arg, Arg::Number(_) | Arg::Str(_)) {
            // gopher's Format rebuilds "%…[" and hands it to Sprintf, where
            // "[" starts an argument index that never ends.
            self.f.write(b"%!(NOVERB)");
            return;
        }
        match arg {
            Arg::Number(n) => self.lua_number(*n, verb),
            Arg::Str(s) => match verb {
                _ if is(verb, b'd') || is(verb, b'i') => {
                    if gonum::parse_number(s).is_some() {
                        self.go_string(s, u32::from(b's'));
                    } else {
                        self.go_int(0, u32::from(b'd'));
                    }
                }
                _ => self.go_string(s, verb),
            },
            _ => {
                let stringer = !self.f.sharp_v && b"vsxXq".iter().any(|&c| is(verb, c));
                let text: &[u8] = match arg {
                    Arg::Bool(true) => b"true",
                    Arg::Bool(false) => b"false",
                    Arg::Ref { text, .. } => text,
                    _ => b"nil",
                };
                if stringer {
                    self.go_string(text, verb);
                    return;
                }
                match arg {
                    Arg::Bool(b) if is(verb, b't') || is(verb, b'v') => self.f.fmt_boolean(*b),
                    Arg::Bool(_) => self.bad_verb(verb, Val::Lua(arg)),
                    Arg::Nil if self.f.sharp_v => self.f.write(b"&lua.LNilType{}"),
                    Arg::Nil => self.f.write(b"&{}"),
                    _ => self.f.write(text),
                }
            }
        }
    }

    fn pointer(&mut self, addr: usize) {
        let sharp = self.f.sharp;
        self.f.sharp = !sharp;
        self.f
            .fmt_integer(addr as u64, 16, false, u32::from(b'v'), false);
        self.f.sharp = sharp;
    }

    /// gopher's `LNumber.Format`.
    fn lua_number(&mut self, n: f64, verb: u32) {
        let v = verb as u8;
        if verb > 0x7F {
            self.default_number(n, verb);
            return;
        }
        match v {
            b'q' | b's' => self.go_string(gonum::format_number(n).as_bytes(), verb),
            b'b' | b'c' | b'd' | b'o' | b'x' | b'X' | b'U' => self.go_int(gonum::go_int64(n), verb),
            b'e' | b'E' | b'f' | b'F' | b'g' | b'G' => self.go_float(n, verb),
            b'i' => self.go_int(gonum::go_int64(n), u32::from(b'd')),
            _ => self.default_number(n, verb),
        }
    }

    fn default_number(&mut self, n: f64, verb: u32) {
        if gonum::is_integer(n) {
            self.go_int(gonum::go_int64(n), verb);
        } else {
            self.go_float(n, verb);
        }
    }

    /// Go's printing of an `int64`.
    fn go_int(&mut self, i: i64, verb: u32) {
        let u = i as u64;
        match char::from_u32(verb).unwrap_or('\0') {
            'v' | 'd' => self.f.fmt_integer(u, 10, true, verb, false),
            'b' => self.f.fmt_integer(u, 2, true, verb, false),
            'o' | 'O' => self.f.fmt_integer(u, 8, true, verb, false),
            'x' => self.f.fmt_integer(u, 16, true, verb, false),
            'X' => self.f.fmt_integer(u, 16, true, verb, true),
            'c' => self.f.fmt_c(u),
            'U' => self.f.fmt_unicode(u),
            _ => self.bad_verb(verb, Val::I64(i)),
        }
    }

    /// Go's printing of a `float64`.
    fn go_float(&mut self, f: f64, verb: u32) {
        match char::from_u32(verb).unwrap_or('\0') {
            'v' => self.f.fmt_float(f, b'g', -1),
            'g' | 'G' => self.f.fmt_float(f, verb as u8, -1),
            'e' | 'E' | 'f' => self.f.fmt_float(f, verb as u8, 6),
            'F' => self.f.fmt_float(f, b'f', 6),
            _ => self.bad_verb(verb, Val::F64(f)),
        }
    }

    /// Go's printing of a `string`.
    fn go_string(&mut self, s: &[u8], verb: u32) {
        match char::from_u32(verb).unwrap_or('\0') {
            'v' if self.f.sharp_v => self.f.fmt_q(s),
            'v' | 's' => self.f.fmt_s(s),
            'x' => self.f.fmt_sx(s, false),
            'X' => self.f.fmt_sx(s, true),
            'q' => self.f.fmt_q(s),
            _ => self.bad_verb(verb, Val::Str(s)),
        }
    }

    /// Go's `badVerb`: `%!z(TYPE=VALUE)`, the value printed plainly with the
    /// current flags.
    fn bad_verb(&mut self, verb: u32, val: Val) {
        self.f.write(b"%!");
        goutf8::push_rune(&mut self.f.buf, verb);
        self.f.write(b"(");
        let ty = match val {
            Val::Lua(a) => a.go_type(),
            Val::I64(_) => "int64",
            Val::F64(_) => "float64",
            Val::Str(_) => "string",
        };
        self.f.write(ty.as_bytes());
        self.f.write(b"=");
        match val {
            Val::I64(i) => self
                .f
                .fmt_integer(i as u64, 10, true, u32::from(b'v'), false),
            Val::F64(f) => self.f.fmt_float(f, b'g', -1),
            Val::Lua(Arg::Number(f)) => self.f.fmt_float(*f, b'g', -1),
            Val::Str(s) => self.go_plain_string(s),
            Val::Lua(Arg::Str(s)) => self.go_plain_string(s),
            Val::Lua(Arg::Bool(b)) => self.f.fmt_boolean(*b),
            Val::Lua(Arg::Nil) => self.f.write(b"&{}"),
            Val::Lua(Arg::Ref { text, .. }) => self.f.write(text),
        }
        self.f.write(b")");
    }

    fn go_plain_string(&mut self, s: &[u8]) {
        if self.f.sharp_v {
            self.f.fmt_q(s);
        } else {
            self.f.fmt_s(s);
        }
    }
}

/// Installs `string.format` into `string`.
pub fn install(lua: &Lua, string: &Table) -> mlua::Result<()> {
    let format = raise::function(lua, |lua, args: MultiValue| {
        let fmt = goargs::check_guarded_string(lua, &args, 1)?;
        let rest: Vec<Arg> = args.iter().skip(1).map(Arg::from_value).collect();
        let out = gopher_format(&fmt.as_bytes(), &rest);
        let s = lua.create_string(out)?;
        Ok(MultiValue::from_vec(vec![Value::String(s)]))
    })?;
    string.raw_set("format", format)
}

#[cfg(test)]
#[path = "gofmt_tests.rs"]
mod tests;
