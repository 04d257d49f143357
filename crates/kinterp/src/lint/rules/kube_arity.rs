//! `kube-arity`: a `kube` library function called with the wrong number
//! of arguments, or one the library does not have.

use super::{Rule, RuleId, ScriptCx};
use crate::diag::Severity;
use crate::lint::Finding;
use crate::lint::env::{Env, kube_arity};
use crate::lint::walk::Binding;

pub const RULE: Rule = Rule {
    id: RuleId::KubeArity,
    severity: Severity::Error,
    summary: "a `kube` library function called with the wrong number of arguments, or one that does not exist",
    docs: "The kube library checks its arguments and raises an error on a wrong count.",
};

pub(super) fn check(cx: &ScriptCx, out: &mut Vec<Finding>) {
    let env = Env::get();
    for call in &cx.facts.calls {
        let (Some(Binding::Kube), [_, f]) = (call.root, call.callee.as_slice()) else {
            continue;
        };
        match kube_arity(f) {
            None => {
                let mut finding = Finding::new(
                    RuleId::KubeArity,
                    call.at,
                    format!("the kube library has no function `{f}`"),
                );
                if let Some(s) = crate::suggest::best(f, env.kube.iter().map(String::as_str)) {
                    finding = finding.hint(format!("did you mean `{s}`?"));
                }
                out.push(finding);
            }
            Some((least, most)) => {
                let Some(n) = call.args else { continue };
                if n < least || most.is_some_and(|m| n > m) {
                    let want = match most {
                        Some(m) if m == least => format!("{m}"),
                        Some(m) => format!("{least} to {m}"),
                        None => format!("at least {least}"),
                    };
                    out.push(Finding::new(
                        RuleId::KubeArity,
                        call.at,
                        format!(
                            "`kube.{f}` takes {want} argument{}, not {n}",
                            if want == "1" { "" } else { "s" }
                        ),
                    ));
                }
            }
        }
    }
}
