//! Karmada's "safe" string library on top of PUC's: Unicode upper/lower,
//! the 1 000 000-byte guard, gsub/rep/dump stubs, gfind, match's no value.

use crate::gonum;
use crate::gopattern::{self, Capture, Pattern};
use mlua::{Function, Lua, MultiValue, Table, Value};

use crate::goargs::{self, arg};
use crate::gostd::original;
use crate::goutf8;
use crate::raise::{self, Raise};
use crate::rethrow::{self, Caller, Thrown};

/// The error Karmada's stubs raise for `string.NAME`.
pub fn unsupported_message(name: &str) -> String {
    format!(
        "The Lua function string.{name} is not supported by Karmada. If you believe this \
         function is essential for your use case, please submit an issue to let us know why \
         you need it."
    )
}

/// Go's `unicode.ToUpper` (simple, one-to-one case mapping).
fn upper_rune(r: u32) -> u32 {
    match r {
        // Simple mappings that differ from the first rune of the full one.
        0x1F80..=0x1F87 | 0x1F90..=0x1F97 | 0x1FA0..=0x1FA7 => r + 8,
        0x1FB3 => 0x1FBC,
        0x1FC3 => 0x1FCC,
        0x1FF3 => 0x1FFC,
        _ => single(char::from_u32(r).map(|c| c.to_uppercase().collect()), r),
    }
}

/// Go's `unicode.ToLower` (simple, one-to-one case mapping).
fn lower_rune(r: u32) -> u32 {
    match r {
        0x0130 => 0x69,
        _ => single(char::from_u32(r).map(|c| c.to_lowercase().collect()), r),
    }
}

/// The only rune of a full case mapping, or `r` when it expands.
fn single(mapped: Option<Vec<char>>, r: u32) -> u32 {
    match mapped.as_deref() {
        Some([c]) => u32::from(*c),
        _ => r,
    }
}

fn map_runes(s: &[u8], f: fn(u32) -> u32) -> Vec<u8> {
    if s.is_ascii() {
        return s.to_vec();
    }
    let mut out = Vec::with_capacity(s.len());
    for (_, r, _) in goutf8::runes(s) {
        goutf8::push_rune(&mut out, f(r));
    }
    out
}

/// Go's `strings.ToUpper`: per rune; invalid bytes become U+FFFD.
pub fn to_upper(s: &[u8]) -> Vec<u8> {
    if s.is_ascii() {
        return s.to_ascii_uppercase();
    }
    map_runes(s, upper_rune)
}

/// Go's `strings.ToLower`: per rune; invalid bytes become U+FFFD.
pub fn to_lower(s: &[u8]) -> Vec<u8> {
    if s.is_ascii() {
        return s.to_ascii_lowercase();
    }
    map_runes(s, lower_rune)
}

/// How a guarded function checks one argument before PUC sees it.
#[derive(Clone, Copy)]
enum Kind {
    /// `CheckString` and the length guard.
    Str,
    /// `CheckInt`.
    Int,
    /// `OptInt`: nil stays nil so PUC applies its default.
    OptInt,
}

/// Wraps PUC's `orig` with gopher's argument checks and Karmada's guard;
/// arguments past `kinds` are passed on unchanged.
fn guarded(
    lua: &Lua,
    caller: &Caller,
    orig: Function,
    kinds: &'static [Kind],
    no_value_on_nil: bool,
) -> mlua::Result<Function> {
    let caller = caller.clone();
    rethrow::function(lua, move |lua, args| {
        let mut call = MultiValue::with_capacity(args.len().max(kinds.len()));
        for (i, kind) in kinds.iter().enumerate() {
            let n = i + 1;
            let v = match kind {
                Kind::Str => Value::String(goargs::check_guarded_string(lua, &args, n)?),
                Kind::Int => Value::Number(goargs::check_int(lua, &args, n)? as f64),
                Kind::OptInt => match arg(&args, n) {
                    Value::Nil => Value::Nil,
                    _ => Value::Number(goargs::check_int(lua, &args, n)? as f64),
                },
            };
            call.push_back(v);
        }
        call.extend(args.into_iter().skip(kinds.len()));
        let out = call_orig(&caller, &orig, call)?;
        if no_value_on_nil && out.len() == 1 && out[0] == Value::Nil {
            return Ok(MultiValue::new());
        }
        Ok(out)
    })
}

/// Calls a PUC library function: its (positionless) string errors get the
/// caller's position, like gopher's Go-function errors.
fn call_orig(caller: &Caller, orig: &Function, args: MultiValue) -> Result<MultiValue, Thrown> {
    caller.call(orig, args).map_err(|t| match t {
        Thrown::Value(Value::String(s)) => Thrown::Raise(Raise::AtCaller(s.to_string_lossy())),
        other => other,
    })
}

fn one(v: Value) -> MultiValue {
    MultiValue::from_vec(vec![v])
}

/// Installs the string-library changes into `string`.
pub fn install(lua: &Lua, string: &Table) -> mlua::Result<()> {
    // Numbers in `..` and strings in arithmetic, the VM's string<->number
    // conversions, as gopher's.
    gonum::install_vm_hooks();
    let caller = Caller::new(lua)?;
    for (name, map) in [
        ("upper", to_upper as fn(&[u8]) -> Vec<u8>),
        ("lower", to_lower),
    ] {
        let f = raise::function(lua, move |lua, args| {
            let s = goargs::check_guarded_string(lua, &args, 1)?;
            let out = lua.create_string(map(&s.as_bytes()))?;
            Ok(one(Value::String(out)))
        })?;
        string.raw_set(name, f)?;
    }
    for name in ["gsub", "rep", "dump"] {
        let f = raise::function(lua, move |_, _| {
            Err(Raise::AtCaller(unsupported_message(name)))
        })?;
        string.raw_set(name, f)?;
    }
    use Kind::*;
    let plain: &[(&str, &'static [Kind], bool)] = &[
        ("byte", &[Str, OptInt, OptInt], false),
        ("reverse", &[Str], false),
        ("sub", &[Str, Int, OptInt], false),
    ];
    for &(name, kinds, no_value) in plain {
        let orig = original(lua, string, "string", name)?;
        string.raw_set(name, guarded(lua, &caller, orig, kinds, no_value)?)?;
    }
    install_patterns(lua, string)
}

/// gopher's `luaIndex2StringIndex` for a start index: 1-based (0 stays 0),
/// negative from the end, at least 0.
fn start_index(len: usize, i: i64) -> usize {
    let mut i = if i != 0 { i - 1 } else { i };
    if i < 0 {
        i += len as i64 + 1;
    }
    i.max(0) as usize
}

fn capture_value(lua: &Lua, s: &[u8], c: &Capture) -> mlua::Result<Value> {
    Ok(match *c {
        Capture::Position(p) => Value::Number(p as f64),
        Capture::Span(a, b) => Value::String(lua.create_string(s.get(a..b).unwrap_or(&[]))?),
    })
}

/// What `match` and `gmatch` give for one match: its captures, or the
/// whole match when the pattern has none.
fn match_values(lua: &Lua, s: &[u8], m: &gopattern::Match) -> mlua::Result<MultiValue> {
    if m.captures.is_empty() {
        let whole = Capture::Span(m.start, m.end);
        return Ok(one(capture_value(lua, s, &whole)?));
    }
    let out: mlua::Result<Vec<Value>> = m
        .captures
        .iter()
        .map(|c| capture_value(lua, s, c))
        .collect();
    Ok(MultiValue::from_vec(out?))
}

fn compile(p: &[u8]) -> Result<Pattern, Raise> {
    Pattern::compile(p).map_err(|e| Raise::AtCaller(e.0))
}

/// What `gmatch` hands its iterator: every match, found up front as gopher
/// does, and the next one to return.
struct GmatchState {
    subject: mlua::LuaString,
    matches: Vec<gopattern::Match>,
    next: usize,
}

/// `find`, `match` and `gmatch` (and `gfind`) over gopher's pattern engine
/// (crates/vm/src/gopher/gopattern.rs).
fn install_patterns(lua: &Lua, string: &Table) -> mlua::Result<()> {
    // find: an empty pattern gives 1, 0 at once; `plain` counts only as the
    // 4th of exactly 4 arguments.
    let find = raise::function(lua, |lua, args| {
        let s = goargs::check_guarded_string(lua, &args, 1)?;
        let p = goargs::check_guarded_string(lua, &args, 2)?;
        let (s, p) = (s.as_bytes(), p.as_bytes());
        if p.is_empty() {
            return Ok(MultiValue::from_vec(vec![
                Value::Number(1.0),
                Value::Number(0.0),
            ]));
        }
        let init = start_index(s.len(), goargs::opt_int(lua, &args, 3, 1)?);
        if args.len() == 4 && goargs::truthy(&arg(&args, 4)) {
            let at = s
                .get(init..)
                .and_then(|rest| rest.windows(p.len()).position(|w| w == &p[..]));
            return Ok(match at {
                Some(at) => MultiValue::from_vec(vec![
                    Value::Number((init + at + 1) as f64),
                    Value::Number((init + at + p.len()) as f64),
                ]),
                None => one(Value::Nil),
            });
        }
        let found = gopattern::find_all(&compile(&p)?, &s, init, Some(1))
            .map_err(|e| Raise::AtCaller(e.0))?;
        let Some(m) = found.first() else {
            return Ok(one(Value::Nil));
        };
        let mut out = vec![
            Value::Number((m.start + 1) as f64),
            Value::Number(m.end as f64),
        ];
        for c in &m.captures {
            out.push(capture_value(lua, &s, c)?);
        }
        Ok(MultiValue::from_vec(out))
    })?;
    string.raw_set("find", find)?;

    // match: no match returns no value at all.
    let matcher = raise::function(lua, |lua, args| {
        let s = goargs::check_guarded_string(lua, &args, 1)?;
        let p = goargs::check_guarded_string(lua, &args, 2)?;
        let (s, p) = (s.as_bytes(), p.as_bytes());
        let mut offset = goargs::opt_int(lua, &args, 3, 1)?;
        if offset < 0 {
            offset += s.len() as i64 + 1;
        }
        let offset = (offset - 1).max(0) as usize;
        let found = gopattern::find_all(&compile(&p)?, &s, offset, Some(1))
            .map_err(|e| Raise::AtCaller(e.0))?;
        let Some(m) = found.first() else {
            return Ok(MultiValue::new());
        };
        Ok(match_values(lua, &s, m)?)
    })?;
    string.raw_set("match", matcher)?;

    // gmatch: all matches at the call; the iterator takes its state as its
    // first argument, as the generic `for` passes it.
    let iter = raise::function(lua, |lua, args| {
        let ud = match arg(&args, 1) {
            Value::UserData(ud) if ud.is::<GmatchState>() => ud,
            other => return Err(Raise::bad_argument(lua, 1, "userdata", &other)),
        };
        let mut st = ud.borrow_mut::<GmatchState>()?;
        let i = st.next;
        st.next += 1;
        let Some(m) = st.matches.get(i) else {
            return Ok(MultiValue::new());
        };
        let s = st.subject.as_bytes();
        Ok(match_values(lua, &s, m)?)
    })?;
    let gmatch = raise::function(lua, move |lua, args| {
        let subject = goargs::check_guarded_string(lua, &args, 1)?;
        let p = goargs::check_guarded_string(lua, &args, 2)?;
        let matches = gopattern::find_all(&compile(&p.as_bytes())?, &subject.as_bytes(), 0, None)
            .map_err(|e| Raise::AtCaller(e.0))?;
        let state = lua.create_any_userdata(GmatchState {
            subject,
            matches,
            next: 0,
        })?;
        Ok(MultiValue::from_vec(vec![
            Value::Function(iter.clone()),
            Value::UserData(state),
        ]))
    })?;
    string.raw_set("gmatch", gmatch.clone())?;
    string.raw_set("gfind", gmatch)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gotest;

    #[test]
    fn unicode_case_mapping() {
        assert_eq!(to_upper("héllo".as_bytes()), "HÉLLO".as_bytes());
        assert_eq!(to_lower("HÉLLO Σ".as_bytes()), "héllo σ".as_bytes());
        assert_eq!(to_upper("ß ŉ ﬀ".as_bytes()), "ß ŉ ﬀ".as_bytes());
        assert_eq!(to_upper("ᾳ ᾀ ǆ ı µ".as_bytes()), "ᾼ ᾈ Ǆ I Μ".as_bytes());
        assert_eq!(to_lower("İ K".as_bytes()), "i k".as_bytes());
        assert_eq!(to_upper(b"a\xffb"), "A\u{FFFD}B".as_bytes());
        assert_eq!(to_upper(b"abc\x00"), b"ABC\x00");
    }

    #[test]
    fn upper_lower_in_lua() {
        let lua = gotest::lua();
        assert_eq!(gotest::eval(&lua, r#"return ("héllo"):upper()"#), "HÉLLO");
        assert_eq!(gotest::eval(&lua, r#"return string.lower("ÀB")"#), "àb");
        assert_eq!(
            gotest::eval(&lua, "return string.upper(1e15)"),
            "1000000000000000"
        );
        assert_eq!(
            gotest::error(&lua, "\nstring.upper()"),
            "<string>:2: bad argument #1 to upper (string expected, got nil)"
        );
        assert_eq!(
            gotest::error(
                &lua,
                "local s = {}\nlocal x = s.y or ('x'):lower({}) .. string.lower({})"
            ),
            "<string>:2: bad argument #1 to lower (string expected, got table)"
        );
    }

    #[test]
    fn stubs_raise_at_the_callers_line() {
        let lua = gotest::lua();
        for name in ["gsub", "rep", "dump"] {
            let msg = gotest::error(
                &lua,
                &format!("local a = 1\n\nlocal b = string.{name}('x', 'y', 'z')"),
            );
            assert_eq!(msg, format!("<string>:3: {}", unsupported_message(name)));
        }
        let got = gotest::eval(
            &lua,
            "local ok, e = pcall(string.gsub, 'a', 'a', 'b') return e",
        );
        // Karmada names the line of the code calling pcall.
        assert_eq!(got, format!("<string>:1: {}", unsupported_message("gsub")));
    }

    #[test]
    fn length_guard() {
        let lua = gotest::lua();
        let big = "local big = string.char(65):upper()\nfor i = 1, 20 do big = big .. big end\n";
        // big is 2^20 = 1048576 bytes.
        let msg = |n: usize| {
            format!(
                "<string>:{n}: string length 1048576 exceeds the maximum allowed input string length \
                 1000000 in Karmada lua string lib, please check your lua script."
            )
        };
        let calls = [
            "big:byte()",
            "big:find('x')",
            "('x'):find(big)",
            "string.format(big)",
            "big:gmatch('x')",
            "('x'):gmatch(big)",
            "string.gfind(big, 'x')",
            "big:lower()",
            "big:match('x')",
            "('x'):match(big)",
            "big:reverse()",
            "big:sub(1, 2)",
            "big:upper()",
        ];
        for call in calls {
            assert_eq!(
                gotest::error(&lua, &format!("{big}local r = {call}")),
                msg(3),
                "{call}"
            );
        }
        let ok = format!(
            "{big}return #big .. ('%s'):format(big):len() .. big:len() .. #string.char(65, 66)"
        );
        assert_eq!(
            gotest::eval(&lua, &ok),
            "104857610485761048576".to_string() + "2"
        );
        let at_limit = "local s = ('x'):upper() for i = 1, 6 do s = s .. s .. s .. s .. s .. s .. s .. s .. s .. s end\n\
                        s = s:sub(1, 1000000) return #s:upper()";
        assert_eq!(gotest::eval(&lua, at_limit), "Integer(1000000)");
    }

    #[test]
    fn guarded_functions_still_work() {
        let lua = gotest::lua();
        let t = |code: &str| gotest::eval(&lua, code);
        assert_eq!(t("return ('hello'):sub(2, -2)"), "ell");
        assert_eq!(
            t("return table.concat({('abc'):byte(1, -1)}, ',')"),
            "97,98,99"
        );
        assert_eq!(t("return ('abc'):reverse()"), "cba");
        assert_eq!(
            t("local a, b = ('hello'):find('l+') return a .. ',' .. b"),
            "3,4"
        );
        assert_eq!(
            t("local a, b = ('a.b'):find('.', 1, true) return a .. ',' .. b"),
            "2,2"
        );
        assert_eq!(
            t("local a, b = ('abc'):find('', 10) return a .. ',' .. b"),
            "1,0"
        );
        assert_eq!(t("return ('key=val'):match('(%w+)=(%w+)')"), "key");
        assert_eq!(t("return select('#', ('abc'):match('x'))"), "Integer(0)");
        assert_eq!(
            t("return select('#', string.match('abc', '(x?)'))"),
            "Integer(1)"
        );
        assert_eq!(
            t("local n = 0 for w in ('a b c'):gmatch('%a') do n = n + 1 end return n"),
            "Integer(3)"
        );
        assert_eq!(
            t("local n = 0 for w in string.gfind('a b', '%a') do n = n + 1 end return n"),
            "Integer(2)"
        );
        assert_eq!(t("return string.sub(12345, 2, 3)"), "23");
        assert_eq!(t("return string.sub(1e15, 1, 5)"), "10000");
        assert_eq!(t("return ('abc'):sub(2.9)"), "bc");
        assert_eq!(
            gotest::error(&lua, "\nlocal x = tostring(('abc'):match('x'))"),
            "<string>:2: bad argument #1 to tostring (value expected)"
        );
        assert_eq!(
            gotest::error(&lua, "\nlocal x = ('abc'):sub()"),
            "<string>:2: bad argument #2 to sub (number expected, got nil)"
        );
        assert_eq!(
            gotest::error(&lua, "\nlocal x = ('abc'):sub('2')"),
            "<string>:2: bad argument #2 to sub (number expected, got string)"
        );
        assert_eq!(
            gotest::error(&lua, "\nlocal x = string.find(nil, 'x')"),
            "<string>:2: bad argument #1 to find (string expected, got nil)"
        );
        assert_eq!(
            gotest::error(&lua, "\nlocal x = ('abc'):find('[a')"),
            "<string>:2: unexpected EOS at 1"
        );
    }
}
