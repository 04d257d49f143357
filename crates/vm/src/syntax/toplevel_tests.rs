//! Tests of `toplevel`: which top levels are summarized, and how.

use super::{TopLevel, summarize};
use crate::gosyntax::parse;

fn summary(src: &str) -> Option<TopLevel> {
    let p = parse(src).unwrap();
    summarize(src, &p.top, &p.tokens)
}

fn functions(src: &str) -> Vec<String> {
    summary(src).unwrap().functions
}

#[test]
fn functions_in_first_definition_order() {
    assert_eq!(
        functions("function B() end\nfunction A() end\nfunction B() return 1 end"),
        ["B", "A"]
    );
    assert_eq!(functions(";;"), Vec::<String>::new());
}

#[test]
fn a_local_name_is_not_a_global() {
    assert_eq!(
        functions("local F\nfunction F() end\nfunction G() end"),
        ["G"]
    );
    assert_eq!(
        functions("local function F() end\nfunction F() end"),
        Vec::<String>::new()
    );
    // The local is declared after its values: `F` is still the global.
    assert_eq!(functions("function F() end\nlocal F = F"), ["F"]);
}

#[test]
fn safe_locals() {
    for src in [
        "local a, b",
        "local a, b = 1, 'x', -2.5, nil, true, false",
        "local t = {1, 'a'; x = {y = {}}, [\"k\"] = 2, [10] = 3,,}",
        "local a = 1\nlocal b = a",
        "local g = undefinedGlobal",
    ] {
        assert_eq!(summary(src).map(|s| s.shared), Some(false), "{src}");
    }
    for src in [
        "local kube = require(\"kube\")",
        "local kube = require 'kube'",
        "local s = require('string')",
        "local floor = math.floor",
        "local t = {f = string.format}",
    ] {
        assert_eq!(summary(src).map(|s| s.shared), Some(true), "{src}");
    }
}

#[test]
fn anything_that_may_fail_or_act_is_left_to_running() {
    for src in [
        "print('x')",
        "x = 1",
        "function a.b() end",
        "function a:b() end",
        "local f = function() end",
        "local x = 1 + 2",
        "local x = y.z",
        "local x = math.floor.x",
        "local x = math.floor(1)",
        "local x = require('json')",
        "local require = 1\nlocal k = require('kube')",
        "function require() end\nlocal k = require('kube')",
        "local math = {}\nlocal f = math.floor",
        "local t = {[k] = 1}",
        "local t = {[1.5] = 1}",
        "local t = {[1e400] = 1}",
        "local x = -y",
        "local x = #t",
        "local x = (1)",
        "if x then end",
        "do end",
        "for i = 1, 2 do end",
        "return",
    ] {
        assert_eq!(summary(src), None, "{src}");
    }
}
