//! The `kube` module through Lua: kube-library.md's resourceAdd and
//! getResourceQuantity tables and the argument errors, as scripts see them.

use mlua::Lua;

use crate::lua::run::error_text;
use crate::lua::sandbox::{PrintSink, new_state};

fn state() -> Lua {
    new_state(
        Some(64 << 20),
        PrintSink::Discard,
        crate::kube::lua::MODULES,
    )
    .unwrap()
}

fn eval(lua: &Lua, expr: &str) -> Result<String, String> {
    lua.load(format!(
        "local kube = require('kube')\nreturn tostring({expr})"
    ))
    .set_name("=<string>")
    .eval::<String>()
    .map_err(|e| error_text(&e))
}

#[test]
fn resource_add_table() {
    let lua = state();
    for (args, want) in [
        (r#""100m", "0.5""#, "600m"),
        (r#""1Gi", "512Mi""#, "1536Mi"),
        (r#""1", "1""#, "2"),
        (r#""1.5", "500m""#, "2"),
        (r#""0.1", "0.2""#, "300m"),
        (r#""1000m""#, "1"),
        (r#""1G", "1Gi""#, "2073741824"),
        (r#""1k", "1Ki""#, "2024"),
        (r#""2Ki", "1k""#, "3048"),
        (r#""1Mi", "1M""#, "2048576"),
        (r#""1Ki", "1""#, "1025"),
        (r#""1", "1Ki""#, "1025"),
        (r#""1", "-1", "1Ki""#, "1Ki"),
        (r#""3", "-3""#, "0"),
        (r#""1Mi", "0.5""#, "1048576500m"),
        (r#""0.1Ki""#, "102400m"),
        (r#""0.5Ki""#, "512"),
        (r#""1.5Ki""#, "1536"),
        (r#""1024Ki""#, "1Mi"),
        (r#""1023Ki""#, "1023Ki"),
        (r#""1.5Gi""#, "1536Mi"),
        (r#""1.5Ei""#, "1536Pi"),
        (r#""1024Pi""#, "1Ei"),
        (r#""7Ei", "1Ei""#, "8Ei"),
        (r#""8Ei""#, "9223372036854775807"),
        (r#""1024Ei""#, "9223372036854775807"),
        (r#""1e9""#, "1e9"),
        (r#""1E3""#, "1e3"),
        (r#""1e3", "1""#, "1001"),
        (r#""1e3", "1Ki""#, "2024"),
        (r#""1e4""#, "10e3"),
        (r#""1e20""#, "100e18"),
        (r#""1e-7""#, "100e-9"),
        (r#""1e-10""#, "1e-9"),
        (r#""2e-9""#, "2e-9"),
        (r#""1.5e-9""#, "2e-9"),
        (r#""12.5e-1""#, "1250e-3"),
        (r#""1E""#, "1E"),
        (r#""100E""#, "100E"),
        (r#""1000E""#, "1"),
        (r#""1P", "1T""#, "1001T"),
        (r#""0.0001""#, "100u"),
        (r#""1n", "1u""#, "1001n"),
        (r#""1m", "1n""#, "1000001n"),
        (r#""1.1n""#, "2n"),
        (r#""-1.5n""#, "-2n"),
        (r#""1.234567891234""#, "1234567892n"),
        (r#""9223372036854775807", "1""#, "9223372036854775808"),
        (r#"".5""#, "500m"),
        (r#""5.""#, "5"),
        (r#""+5""#, "5"),
        (r#""001""#, "1"),
        (r#""1.0""#, "1"),
        (r#""1.50""#, "1500m"),
        (r#""1.G""#, "1G"),
        (r#""e3""#, "0"),
        ("", "0"),
        ("nil", "0"),
        (r#""1", nil, "2""#, "3"),
    ] {
        assert_eq!(
            eval(&lua, &format!("kube.resourceAdd({args})")),
            Ok(want.to_string()),
            "{args}"
        );
    }
    let ten = std::iter::repeat_n("\"1e18\"", 10)
        .collect::<Vec<_>>()
        .join(", ");
    assert_eq!(
        eval(&lua, &format!("kube.resourceAdd({ten})")),
        Ok("10e18".into())
    );
}

#[test]
fn resource_add_errors() {
    let lua = state();
    assert_eq!(
        eval(&lua, "kube.resourceAdd(5)"),
        Err("<string>:2: bad argument #1 to resourceAdd (string expected, got number)".into())
    );
    assert_eq!(
        eval(&lua, r#"kube.resourceAdd("1K")"#),
        Err("cannot parse '1K': unable to parse quantity's suffix".into())
    );
    for bad in ["1.2.3", " 1", ""] {
        assert_eq!(
            eval(&lua, &format!("kube.resourceAdd({bad:?})")),
            Err(format!(
                "cannot parse '{bad}': quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"
            ))
        );
    }
}

#[test]
fn get_resource_quantity_table() {
    let lua = state();
    for (arg, want) in [
        ("\"1\"", "1"),
        ("\"100m\"", "0.1"),
        ("\"1.5Gi\"", "1610612736"),
        ("\"1n\"", "1e-09"),
        ("\"0.3\"", "0.30000000000000004"),
        ("\"9e18\"", "9000000000000000000"),
        ("\"1e20\"", "1e+20"),
        ("nil", "0"),
    ] {
        assert_eq!(
            eval(&lua, &format!("kube.getResourceQuantity({arg})")),
            Ok(want.to_string()),
            "{arg}"
        );
    }
    let neg = eval(&lua, "kube.getResourceQuantity('-1')").unwrap_err();
    assert_eq!(
        neg,
        "<string>:2: int approximation unexpectedly returned a negative value: resource.Quantity{i:resource.int64Amount{value:-1, scale:0}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:\"-1\", Format:\"DecimalSI\"},"
    );
    assert!(
        eval(&lua, "kube.getResourceQuantity('1e400')")
            .unwrap_err()
            .contains("infinite value")
    );
    assert_eq!(
        eval(&lua, "kube.getResourceQuantity(1)"),
        Err(
            "<string>:2: bad argument #1 to getResourceQuantity (string expected, got number)"
                .into()
        )
    );
    for call in [
        "kube.getResourceQuantity()",
        "kube.getResourceQuantity('1', '2')",
    ] {
        assert_eq!(
            eval(&lua, call),
            Err("<string>:2: getResourceQuantity only accepts one argument".into())
        );
    }
}

#[test]
fn pod_function_argument_checks() {
    let lua = state();
    assert_eq!(
        eval(&lua, "kube.accuratePodRequirements()"),
        Err("<string>:2: getPodRequirements only accepts one argument".into())
    );
    assert_eq!(
        eval(&lua, "kube.accuratePodRequirements('x')"),
        Err(
            "<string>:2: bad argument #1 to accuratePodRequirements (table expected, got string)"
                .into()
        )
    );
    assert_eq!(
        eval(&lua, "kube.getPodDependencies({})"),
        Err("<string>:2: getPodDependencies only accepts two argument".into())
    );
    assert_eq!(
        eval(&lua, "kube.getPodDependencies({}, true)"),
        Err(
            "<string>:2: bad argument #2 to getPodDependencies (string expected, got boolean)"
                .into()
        )
    );
    // An empty template has neither resources nor a node claim: nil.
    assert_eq!(
        eval(&lua, "kube.accuratePodRequirements({})"),
        Ok("nil".into())
    );
    // Numbers as namespaces print with Go's formatting.
    let deps = lua
        .load("local kube = require('kube')\nlocal d = kube.getPodDependencies({spec={serviceAccountName='sa', containers={}}}, 12.5)\nreturn d[1].namespace")
        .set_name("=<string>")
        .eval::<String>()
        .unwrap();
    assert_eq!(deps, "12.5");
}

#[test]
fn module_is_not_a_global() {
    let lua = state();
    let r: String = lua
        .load("local k = require('kube'); local n = 0; for _ in pairs(k) do n = n + 1 end; return tostring(kube) .. ' ' .. n .. ' ' .. tostring(package.loaded.kube == k)")
        .eval()
        .unwrap();
    assert_eq!(r, "nil 4 true");
}

/// The documented parameters (`FUNCTIONS`) are the arities the functions
/// enforce: one argument more than documented is refused.
#[test]
fn documented_arities_are_enforced() {
    let lua = state();
    for f in &super::lua::FUNCTIONS {
        if f.params.contains(&"...") {
            continue;
        }
        let args = vec!["{}"; f.params.len() + 1].join(", ");
        let err = eval(&lua, &format!("kube.{}({args})", f.name)).unwrap_err();
        assert!(err.contains("only accepts"), "{}: {err}", f.name);
    }
    assert_eq!(
        eval(&lua, "kube.resourceAdd('1', '2', '3', '4')"),
        Ok("10".into())
    );
}
