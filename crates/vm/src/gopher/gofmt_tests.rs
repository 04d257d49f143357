//! Tests of `string.format` (gopher-lua's, on Go's `fmt.Sprintf`) and of
//! the Go `Sprintf` engine; expected values were checked against Go 1.19.

use super::*;
use crate::gotest;

fn num(f: f64) -> Arg {
    Arg::Number(f)
}

fn s(x: &str) -> Arg {
    Arg::Str(x.as_bytes().to_vec())
}

fn go(format: &str, args: &[Arg]) -> String {
    String::from_utf8(gopher_format(format.as_bytes(), args)).unwrap()
}

#[test]
fn spec_table_7_3() {
    let lua = gotest::lua();
    let rows: &[(&str, &str)] = &[
        (r#"("%d"):format(3.7)"#, "3"),
        (r#"("%d"):format(-3.7)"#, "-3"),
        (r#"("%d"):format("12.5")"#, "12.5"),
        (r#"("%d"):format("abc")"#, "0"),
        (r#"("%5d"):format("42")"#, "   42"),
        (r#"("%s"):format(nil)"#, "nil"),
        (r#"("%s"):format(true)"#, "true"),
        (r#"("%g"):format(1/3)"#, "0.3333333333333333"),
        (r#"("%g"):format(123456789)"#, "1.23456789e+08"),
        (r#"("%e"):format(1/3)"#, "3.333333e-01"),
        (r#"("%f"):format(1/3)"#, "0.333333"),
        (r#"("%5.2f"):format(math.pi)"#, " 3.14"),
        (r#"("%x"):format(-1)"#, "-1"),
        ("(\"%q\"):format(\"a\\nb\\\"c\\0\")", r#""a\nb\"c\x00""#),
        (r#"("%u"):format(42)"#, "%!u(int64=42)"),
        (r#"("%d %d"):format(1)"#, "1 %!d(MISSING)"),
        (r#"("%v"):format(1)"#, "1"),
        (r#"("%d"):format(true)"#, "%!d(lua.LBool=true)"),
        (r#"("%"):format()"#, "%!(NOVERB)"),
        (r#"("%f"):format(0/0)"#, "NaN"),
        (r#"("%f"):format(1/0)"#, "+Inf"),
        (r#"("%d"):format(2^63)"#, "-9223372036854775808"),
        (r#"("%d"):format(0/0)"#, "-9223372036854775808"),
        // Extra arguments are dropped.
        (r#"("%d"):format(1, 2, 3)"#, "1"),
        (r#"string.format("x", 1)"#, "x"),
        (r#"string.format(12)"#, "12"),
    ];
    for (code, want) in rows {
        assert_eq!(
            gotest::eval(&lua, &format!("return {code}")),
            *want,
            "{code}"
        );
    }
}

#[test]
fn number_verbs() {
    assert_eq!(go("%i", &[num(7.9)]), "7");
    assert_eq!(
        go("%x %X %o %b", &[num(255.0), num(255.0), num(8.0), num(5.0)]),
        "ff FF 10 101"
    );
    assert_eq!(
        go("%#x %#o %O", &[num(255.0), num(8.0), num(8.0)]),
        "0xff 010 0o10"
    );
    assert_eq!(go("%c%c", &[num(72.0), num(233.0)]), "Hé");
    assert_eq!(go("%U", &[num(65.0)]), "U+0041");
    assert_eq!(
        go("%s|%q", &[num(1e15), num(0.5)]),
        "1000000000000000|\"0.5\""
    );
    assert_eq!(go("%v %v", &[num(1.5), num(1e100)]), "1.5 1e+100");
    assert_eq!(
        go("%+d %+v % d", &[num(5.0), num(5.0), num(5.0)]),
        "+5 5  5"
    );
    assert_eq!(
        go("%05d|%-5d|%5.3d", &[num(-42.0), num(42.0), num(7.0)]),
        "-0042|42   |  007"
    );
    assert_eq!(go("%.0d|%3.0d", &[num(0.0), num(0.0)]), "|   ");
    assert_eq!(go("%t", &[num(1.5)]), "%!t(float64=1.5)");
    assert_eq!(go("%5t", &[num(2.0)]), "%!t(int64=    2)");
    assert_eq!(
        go("%G %E %F", &[num(1e-7), num(12345.678), num(2.5)]),
        "1E-07 1.234568E+04 2.500000"
    );
    assert_eq!(
        go(
            "%.3g|%10.4e|%-8.2f|",
            &[num(1234.5), num(1.0), num(3.25159)]
        ),
        "1.23e+03|1.0000e+00|3.25    |"
    );
    assert_eq!(go("%g", &[num(-0.0)]), "-0");
    assert_eq!(go("%v", &[num(-0.0)]), "0");
    assert_eq!(go("%T", &[num(1.0)]), "lua.LNumber");
    assert_eq!(go("%p", &[num(1.0)]), "%!p(lua.LNumber=1)");
    assert_eq!(go("%w", &[num(1.0)]), "%!w(lua.LNumber=1)");
}

#[test]
fn string_verbs() {
    assert_eq!(
        go(
            "%s|%10s|%-4s|%.2s",
            &[s("ab"), s("ab"), s("ab"), s("héllo")]
        ),
        "ab|        ab|ab  |hé"
    );
    assert_eq!(
        go("%x|% X|%#x", &[s("hi"), s("hi"), s("hi")]),
        "6869|68 69|0x6869"
    );
    assert_eq!(
        go("%q|%+q|%#q", &[s("é"), s("é"), s("a\"b")]),
        "\"é\"|\"\\u00e9\"|`a\"b`"
    );
    assert_eq!(go("%v|%#v", &[s("x"), s("x")]), "x|\"x\"");
    assert_eq!(
        go("%d|%i|%d", &[s(" 42 "), s("0x10"), s("1e400")]),
        " 42 |0x10|0"
    );
    assert_eq!(go("%05d", &[s("42")]), "00042");
    assert_eq!(go("%e", &[s("abc")]), "%!e(string=abc)");
    assert_eq!(go("%c", &[s("x")]), "%!c(string=x)");
    assert_eq!(go("%T", &[s("x")]), "lua.LString");
}

#[test]
fn bool_nil_and_tables() {
    assert_eq!(
        go(
            "%v|%t|%5t|%q|%x",
            &[
                Arg::Bool(true),
                Arg::Bool(false),
                Arg::Bool(true),
                Arg::Bool(true),
                Arg::Bool(true)
            ]
        ),
        "true|false| true|\"true\"|74727565"
    );
    assert_eq!(go("%5d", &[Arg::Bool(true)]), "%!d(lua.LBool= true)");
    assert_eq!(
        go("%v|%d|%#v|%T", &[Arg::Nil, Arg::Nil, Arg::Nil, Arg::Nil]),
        "nil|&{}|&lua.LNilType{}|*lua.LNilType"
    );
    assert_eq!(go("%w", &[Arg::Nil]), "%!w(*lua.LNilType=&{})");
    let lua = gotest::lua();
    let out = gotest::eval(&lua, "local t = {} return ('%s'):format(t) == tostring(t)");
    assert_eq!(out, "Boolean(true)");
    assert_eq!(
        gotest::eval(&lua, "return ('%T'):format({})"),
        "*lua.LTable"
    );
    assert_eq!(
        gotest::eval(&lua, "return ('%T'):format(print)"),
        "*lua.LFunction"
    );
}

#[test]
fn directives_and_argument_counting() {
    assert_eq!(go("100%%", &[]), "100%");
    assert_eq!(go("%%d", &[num(1.0)]), "%d%!(EXTRA lua.LNumber=1)");
    assert_eq!(go("%5%", &[num(1.0)]), "%%!(EXTRA lua.LNumber=1)");
    assert_eq!(go("%d %s", &[num(1.0), s("a"), s("b")]), "1 a");
    assert_eq!(go("%!", &[num(1.0)]), "%!!(int64=1)");
    assert_eq!(go("%z", &[s("q")]), "%!z(string=q)");
    assert_eq!(go("%[2]d %[1]d", &[num(1.0), num(2.0)]), "2 1");
    assert_eq!(go("%[3]d %d", &[num(1.0), num(2.0)]), "%!d(BADINDEX) 1");
    assert_eq!(go("%[x]d", &[num(1.0)]), "%!d(BADINDEX)");
    assert_eq!(go("%*d", &[num(5.0), num(1.0)]), "%!(BADWIDTH)%!d(MISSING)");
    assert_eq!(go("%.*d", &[num(5.0), num(1.0)]), "%!(BADPREC)%!d(MISSING)");
    assert_eq!(go("%.", &[num(1.0)]), "%!.(int64=1)");
    assert_eq!(go("%-", &[]), "%!(NOVERB)");
    assert_eq!(go("%\u{e9}", &[num(1.0)]), "%!\u{e9}(int64=1)");
    assert_eq!(go("%d", &[]), "%!d(MISSING)");
    assert_eq!(go("%[1][%d", &[num(1.0), num(2.0)]), "%!(NOVERB)2");
    assert_eq!(go("%[1][", &[Arg::Bool(true)]), "%![(lua.LBool=true)");
}

#[test]
fn non_utf8_bytes_pass_through() {
    let out = gopher_format(b"\xff%s\xfe", &[Arg::Str(b"\x80".to_vec())]);
    assert_eq!(out, b"\xff\x80\xfe");
    let out = gopher_format(b"%q", &[Arg::Str(b"\x80".to_vec())]);
    assert_eq!(out, b"\"\\x80\"");
}

#[test]
fn format_errors_carry_the_callers_line() {
    let lua = gotest::lua();
    assert_eq!(
        gotest::error(&lua, "local x = 1\nstring.format()"),
        "<string>:2: bad argument #1 to format (string expected, got nil)"
    );
    assert_eq!(
        gotest::error(&lua, "local s = 1\nlocal f = string.rep('x', 1)"),
        "<string>:2: The Lua function string.rep is not supported by Karmada. If you believe this function is essential for your use case, please submit an issue to let us know why you need it."
    );
}
