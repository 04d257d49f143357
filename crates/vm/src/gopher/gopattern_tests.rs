use super::*;

fn find(p: &str, s: &str) -> Result<Option<(usize, usize)>, String> {
    let pat = Pattern::compile(p.as_bytes()).map_err(|e| e.0)?;
    let m = find_all(&pat, s.as_bytes(), 0, Some(1)).map_err(|e| e.0)?;
    Ok(m.first().map(|m| (m.start, m.end)))
}

#[test]
fn ordinary_patterns() {
    assert_eq!(find("l+", "hello"), Ok(Some((2, 4))));
    assert_eq!(find("^h", "hello"), Ok(Some((0, 1))));
    assert_eq!(find("^e", "hello"), Ok(None));
    assert_eq!(find("o$", "hello"), Ok(Some((4, 5))));
    assert_eq!(find("%d+", "ab123c"), Ok(Some((2, 5))));
    assert_eq!(find("[^%a]", "ab1"), Ok(Some((2, 3))));
    assert_eq!(find("%b()", "x(a(b)c)y"), Ok(Some((1, 8))));
    assert_eq!(find("a-b", "aaab"), Ok(Some((0, 4))));
    assert_eq!(find("(a)%1", "xaa"), Ok(Some((1, 3))));
}

#[test]
fn gopher_quirks() {
    // No frontier: %f is a literal f.
    assert_eq!(find("%f[%a]%a+", "THE (quick) fox"), Ok(Some((12, 15))));
    // A trailing % is a class that never matches.
    assert_eq!(find("%", "abc"), Ok(None));
    // $ is an anchor only at the very end of the whole pattern.
    assert_eq!(find("a$b", "a$b"), Ok(Some((0, 3))));
    assert_eq!(find("[]]", "x]"), Ok(Some((1, 2))));
}

#[test]
fn gopher_errors() {
    assert_eq!(find("[a-", "abc"), Err("unexpected EOS at 2".into()));
    assert_eq!(find("[]", "x"), Err("unexpected EOS at 1".into()));
    assert_eq!(find("(()", "abc"), Err("unfinished capture at EOS".into()));
    assert_eq!(find("a)", "abc"), Err("invalid ')' at 0".into()));
    assert_eq!(find("%0", "abc"), Err("invalid capture index at 0".into()));
    assert_eq!(find("%1", "abc"), Err("invalid capture index".into()));
}

#[test]
fn anchored_search_tries_only_the_offset_and_empty_matches_advance() {
    let pat = Pattern::compile(b"^a").unwrap();
    assert_eq!(find_all(&pat, b"aaa", 0, None).unwrap().len(), 1);
    let pat = Pattern::compile(b"").unwrap();
    assert_eq!(find_all(&pat, b"abc", 0, None).unwrap().len(), 4);
    let pat = Pattern::compile(b"()").unwrap();
    let m = find_all(&pat, b"ab", 0, None).unwrap();
    assert_eq!(m[2].captures, vec![Capture::Position(3)]);
}

#[test]
fn long_subjects_do_not_overflow_the_stack() {
    let s = "a".repeat(1_000_000);
    assert_eq!(find("a*$", &s), Ok(Some((0, 1_000_000))));
}
