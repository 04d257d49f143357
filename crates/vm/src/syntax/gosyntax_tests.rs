//! Tests of `gosyntax`: Karmada's messages and what it accepts.

use super::check;

fn message(src: &str) -> String {
    check(src).err().map(|e| e.to_string()).unwrap_or_default()
}

// The expected texts are what karmadactl printed for these scripts.
#[test]
fn errors_name_karmadas_token_line_and_column() {
    let f = |body: &str| format!("function F(obj)\n{body}\n  return true\nend\n");
    assert_eq!(
        message(&f("  local x == 1")),
        "<string> line:2(column:12) near '==':   syntax error\n"
    );
    assert_eq!(
        message(&f("  obj.spec")),
        "<string> line:3(column:8) near 'return':   parse error\n"
    );
    assert_eq!(
        message(&f("  x += 1")),
        "<string> line:2(column:5) near '+':   parse error\n"
    );
    assert_eq!(
        message("function F(obj)\n  print(1,"),
        "<string> at EOF:   syntax error\n"
    );
    assert_eq!(
        message(&f("  local x = 1 .")),
        "<string> line:2(column:15) near '':   syntax error\n"
    );
    assert_eq!(
        message(&f("  local x = 1 010")),
        "<string> line:2(column:17) near '10':   syntax error\n"
    );
    // `0x1p4` is `0x1` then a statement `p4`, which is not a call.
    assert_eq!(
        message(&f("  local x = 0x1p4")),
        "<string> line:3(column:8) near 'return':   parse error\n"
    );
    assert_eq!(
        message(&f("  do return;; end")),
        "<string> line:2(column:13) near ';':   syntax error\n"
    );
    assert_eq!(
        message(&f("  local goto = 1")),
        "<string> line:2(column:12) near 'goto':   syntax error\n"
    );
}

#[test]
fn lexical_errors() {
    let f = |body: &str| format!("function F(obj)\n{body}\n  return true\nend\n");
    assert_eq!(
        message(&f("  local x = @a")),
        "<string> line:2(column:13) near '@':   Invalid token\n"
    );
    assert_eq!(
        message(&f("  local x = ~1")),
        "<string> line:2(column:13) near '~':   Invalid '~' token\n"
    );
    assert_eq!(
        message(&f("  local s = \"abc")),
        "<string> line:3(column:0) near 'abc':   unterminated string\n"
    );
    // A string token is named by its decoded text.
    assert_eq!(
        message(&f("  local x = 1 'a\\65'")),
        "<string> line:2(column:20) near 'aA':   syntax error\n"
    );
    assert_eq!(
        message(&f("  local s = [=x]")),
        "<string> line:2(column:15) near 'x':   invalid multiline string\n"
    );
    assert_eq!(
        message("function F(obj)\n  --[[ abc\n  return true\nend\n"),
        "<string> at EOF:   invalid multiline comment\n"
    );
}

#[test]
fn accepts_what_karmada_accepts() {
    for src in [
        "for i = 1, 3 do\n  if i == 2 then goto continue end\n  ::continue::\nend",
        "local t = {1,,2;;3,}",
        ";;; local x = 1;",
        "local s = [[a [[b]]",
        "local x = f\n(g or h)()",
        "do return end",
        "local v = 0x1F + .5 + 5. + 1e3",
    ] {
        assert_eq!(message(src), "", "{src}");
    }
}

#[test]
fn doubts_name_what_only_compiling_judges() {
    use super::parse;
    let doubt = |src: &str| parse(src).unwrap().doubt;
    let f = |body: &str| format!("function F(a, ...)\n{body}\nend\n");
    assert_eq!(doubt(&f("  local x = {...}\n  return x")), None);
    assert_eq!(doubt(&f("  goto done\n  ::done::")), Some("goto"));
    assert_eq!(doubt(&f("  ::done::")), Some("label"));
    assert_eq!(doubt(&f("  break")), Some("break outside a loop"));
    assert_eq!(doubt(&f("  for i = 1, 2 do break end")), None);
    assert_eq!(
        doubt(&f("  return function() return ... end")),
        Some("vararg expression")
    );
    assert_eq!(doubt("local x = ..."), Some("vararg expression"));
    // PUC reads `1x` as one (malformed) numeral, gopher as `1` then `x`.
    assert_eq!(doubt(&f("  local y = 1x = 2")), Some("numeral"));
    assert_eq!(doubt(&f("  local y = 1 x = 2")), None);
    let many: String = (0..151).map(|i| format!("  local v{i}\n")).collect();
    assert_eq!(doubt(&f(&many)), Some("local variables"));
    let nested = format!("  return {}1{}", "(".repeat(120), ")".repeat(120));
    assert_eq!(doubt(&f(&nested)), Some("nesting"));
}

#[test]
fn the_main_chunk_statements_are_noted() {
    use super::parse;
    use crate::toplevel::Statement;
    let src = "local a, b = 1\nfunction F() local function g() end end\nlocal function h() end\nfunction t.x() end\n;print(a)";
    let p = parse(src).unwrap();
    // The tokens of `local` statements are kept: `a , b = 1`.
    let kept: Vec<&str> = p.tokens.iter().map(|t| &src[t.start..t.stop]).collect();
    assert_eq!(kept, ["a", ",", "b", "=", "1"]);
    assert_eq!(
        p.top,
        [
            Statement::Local(0, 5),
            Statement::Function(24, 25),
            Statement::LocalFunction(70, 71),
            Statement::Other,
            Statement::Other,
        ]
    );
    assert_eq!(&src[24..25], "F");
    assert_eq!(&src[70..71], "h");
}

#[test]
fn reserved_words_are_whole_words() {
    // Reserved words at the very end of the script, and names that start
    // or end like one.
    assert_eq!(message("local x = 1 return"), "");
    assert_eq!(
        message("local x = 1 end"),
        "<string> line:1(column:15) near 'end':   syntax error\n"
    );
    for src in [
        "local ends = 1",
        "local nil_ = 1",
        "local functions = 1",
        "local _and = 1",
        "local x = nilx",
    ] {
        assert_eq!(message(src), "", "{src}");
    }
    assert_eq!(
        message("local nil"),
        "<string> line:1(column:9) near 'nil':   syntax error\n"
    );
}
