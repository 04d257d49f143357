//! The contract of each rule's entry point: the global function Karmada
//! calls, its parameters and what it must return, with a skeleton to start
//! from. The language server shows it on hover and inserts the skeleton;
//! `interpret --edit --show-doc` shows its summary.

use crate::ops::Operation;

/// What a parameter holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParamKind {
    /// An object of the customization's target kind.
    Object,
    /// A list of AggregatedStatusItem tables (or nil).
    StatusItems,
    /// A number.
    Number,
}

/// One parameter of an entry point.
#[derive(Debug, Clone, Copy)]
pub struct Param {
    pub name: &'static str,
    pub kind: ParamKind,
    pub doc: &'static str,
    /// What Karmada passes, in a few words (lint's `entry-arity`).
    pub what: &'static str,
}

/// The contract of one rule's entry point.
#[derive(Debug, Clone, Copy)]
pub struct Contract {
    pub operation: Operation,
    pub params: &'static [Param],
    /// What the function returns.
    pub returns: &'static str,
    /// The function's body in the skeleton (indented by two spaces).
    body: &'static str,
}

const fn object(name: &'static str, doc: &'static str, what: &'static str) -> Param {
    Param {
        name,
        kind: ParamKind::Object,
        doc,
        what,
    }
}

const DESIRED_DOC: &str =
    "the object as the Karmada control plane holds it (the resource template)";
const OBSERVED_DOC: &str = "the object as it is found in the member cluster";
const DESIRED: Param = object("desiredObj", DESIRED_DOC, "the desired object");
const OBSERVED: Param = object("observedObj", OBSERVED_DOC, "the observed object");
const OBJ: Param = object("obj", "the object (the resource template)", "the object");
/// The one object of a rule that is passed one: "the object".
const THE_DESIRED: Param = object("desiredObj", DESIRED_DOC, "the object");
const THE_OBSERVED: Param = object("observedObj", OBSERVED_DOC, "the object");

static CONTRACTS: [Contract; 8] = [
    Contract {
        operation: Operation::Retain,
        params: &[DESIRED, OBSERVED],
        returns: "the object to apply to the member cluster (a table): usually `desiredObj` with the fields the member cluster owns copied from `observedObj`",
        body: "  -- copy what the member cluster manages from observedObj\n  return desiredObj",
    },
    Contract {
        operation: Operation::InterpretReplica,
        params: &[OBJ],
        returns: "the replica count (a number) and, optionally, the requirements of one replica: a table with `resourceRequest`, `nodeClaim`, `priorityClassName` and `namespace` (`kube.accuratePodRequirements` builds the first two)",
        body: "  local replica = obj.spec.replicas\n  return replica, nil",
    },
    Contract {
        operation: Operation::InterpretComponent,
        params: &[OBJ],
        returns: "a list of components, each `{name = ..., replicas = ..., replicaRequirements = ...}`, or nil",
        body: "  local components = {}\n  return components",
    },
    Contract {
        operation: Operation::ReviseReplica,
        params: &[
            OBJ,
            Param {
                name: "desiredReplica",
                kind: ParamKind::Number,
                doc: "the number of replicas this member cluster should run",
                what: "the desired replica count",
            },
        ],
        returns: "the object changed to run `desiredReplica` replicas",
        body: "  obj.spec.replicas = desiredReplica\n  return obj",
    },
    Contract {
        operation: Operation::InterpretStatus,
        params: &[THE_OBSERVED],
        returns: "the part of the member's status Karmada collects (a table), or nil",
        body: "  local status = {}\n  if observedObj.status == nil then\n    return status\n  end\n  return status",
    },
    Contract {
        operation: Operation::AggregateStatus,
        params: &[
            DESIRED,
            Param {
                name: "statusItems",
                kind: ParamKind::StatusItems,
                doc: "one item per member cluster: `{clusterName, status, applied, health, appliedMessage}`; may be nil",
                what: "the list of member clusters' statuses",
            },
        ],
        returns: "`desiredObj` with its `status` built from the members' statuses",
        body: "  if statusItems == nil then\n    return desiredObj\n  end\n  local status = {}\n  for i = 1, #statusItems do\n    local item = statusItems[i].status or {}\n    status.readyReplicas = (status.readyReplicas or 0) + (item.readyReplicas or 0)\n  end\n  desiredObj.status = status\n  return desiredObj",
    },
    Contract {
        operation: Operation::InterpretHealth,
        params: &[THE_OBSERVED],
        returns: "true when the object in the member cluster is healthy, false otherwise",
        body: "  if observedObj.status == nil then\n    return false\n  end\n  return true",
    },
    Contract {
        operation: Operation::InterpretDependency,
        params: &[THE_DESIRED],
        returns: "a list of the objects that must be propagated with this one, each `{apiVersion, kind, namespace, name}` (or `labelSelector` instead of `name`)",
        body: "  local dependencies = {}\n  return dependencies",
    },
];

/// The contract of `op`'s entry point.
pub fn contract(op: Operation) -> &'static Contract {
    &CONTRACTS[op as usize]
}

impl Contract {
    /// The entry point's name, e.g. `GetReplicas`.
    pub fn function(&self) -> &'static str {
        self.operation.lua_function()
    }

    /// `function GetReplicas(obj)`.
    pub fn signature(&self) -> String {
        let names: Vec<&str> = self.params.iter().map(|p| p.name).collect();
        format!("function {}({})", self.function(), names.join(", "))
    }

    /// The whole function, ready to insert, indented by `indent`.
    pub fn skeleton(&self, indent: &str) -> String {
        let text = format!("{}\n{}\nend\n", self.signature(), self.body);
        text.lines().map(|l| format!("{indent}{l}\n")).collect()
    }

    /// One sentence: `GetReplicas(obj) returns ...`.
    pub fn summary(&self) -> String {
        let names: Vec<&str> = self.params.iter().map(|p| p.name).collect();
        format!(
            "{}({}) returns {}.",
            self.function(),
            names.join(", "),
            self.returns
        )
    }

    /// Markdown for hover: signature, parameters, result.
    pub fn markdown(&self) -> String {
        let mut out = format!(
            "```lua\n{}\n```\nEntry point of the `{}` rule (`{}`): Karmada calls it when it runs this operation.\n\n",
            self.signature(),
            self.operation.name(),
            self.operation.rule_field()
        );
        for p in self.params {
            out.push_str(&format!("- `{}`: {}\n", p.name, p.doc));
        }
        out.push_str(&format!("\nReturns {}.", self.returns));
        out
    }

    /// The parameters' names, e.g. `obj, desiredReplica`.
    pub fn param_names(&self) -> String {
        let names: Vec<&str> = self.params.iter().map(|p| p.name).collect();
        names.join(", ")
    }

    /// The parameter named `name`.
    pub fn param(&self, name: &str) -> Option<&'static Param> {
        self.params.iter().find(|p| p.name == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_operation_has_its_contract_in_order() {
        for op in Operation::ALL {
            assert_eq!(contract(op).operation, op);
        }
    }

    #[test]
    fn skeletons_compile_and_define_the_entry_point() {
        let lua = mlua::Lua::new();
        for op in Operation::ALL {
            let c = contract(op);
            let text = c.skeleton("");
            lua.load(&text)
                .exec()
                .unwrap_or_else(|e| panic!("{op}: {e}"));
            let f: mlua::Value = lua.globals().get(c.function()).unwrap();
            assert!(f.is_function(), "{op}");
        }
        assert_eq!(
            contract(Operation::ReviseReplica).skeleton("  "),
            "  function ReviseReplica(obj, desiredReplica)\n    obj.spec.replicas = desiredReplica\n    return obj\n  end\n"
        );
    }
}
