//! The eight interpreter operations: their canonical names, the Lua function
//! each one calls, and the names of the results each one prints.

use std::fmt;

/// One interpreter operation, in Karmada's rule order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Operation {
    Retain,
    InterpretReplica,
    InterpretComponent,
    ReviseReplica,
    InterpretStatus,
    AggregateStatus,
    InterpretHealth,
    InterpretDependency,
}

impl Operation {
    /// Every operation, in the order Karmada lists its rules.
    pub const ALL: [Operation; 8] = [
        Operation::Retain,
        Operation::InterpretReplica,
        Operation::InterpretComponent,
        Operation::ReviseReplica,
        Operation::InterpretStatus,
        Operation::AggregateStatus,
        Operation::InterpretHealth,
        Operation::InterpretDependency,
    ];

    /// The canonical name, e.g. `InterpretReplica`.
    pub fn name(self) -> &'static str {
        match self {
            Operation::Retain => "Retain",
            Operation::InterpretReplica => "InterpretReplica",
            Operation::InterpretComponent => "InterpretComponent",
            Operation::ReviseReplica => "ReviseReplica",
            Operation::InterpretStatus => "InterpretStatus",
            Operation::AggregateStatus => "AggregateStatus",
            Operation::InterpretHealth => "InterpretHealth",
            Operation::InterpretDependency => "InterpretDependency",
        }
    }

    /// The global Lua function a customization script must define.
    pub fn lua_function(self) -> &'static str {
        match self {
            Operation::Retain => "Retain",
            Operation::InterpretReplica => "GetReplicas",
            Operation::InterpretComponent => "GetComponents",
            Operation::ReviseReplica => "ReviseReplica",
            Operation::InterpretStatus => "ReflectStatus",
            Operation::AggregateStatus => "AggregateStatus",
            Operation::InterpretHealth => "InterpretHealth",
            Operation::InterpretDependency => "GetDependencies",
        }
    }

    /// The field of `spec.customizations` that holds this operation's script.
    pub fn rule_field(self) -> &'static str {
        match self {
            Operation::Retain => "retention",
            Operation::InterpretReplica => "replicaResource",
            Operation::InterpretComponent => "componentResource",
            Operation::ReviseReplica => "replicaRevision",
            Operation::InterpretStatus => "statusReflection",
            Operation::AggregateStatus => "statusAggregation",
            Operation::InterpretHealth => "healthInterpretation",
            Operation::InterpretDependency => "dependencyInterpretation",
        }
    }

    /// The names of the printed results, in print order.
    pub fn result_names(self) -> &'static [&'static str] {
        match self {
            Operation::Retain => &["retained"],
            Operation::InterpretReplica => &["replica", "requires"],
            Operation::InterpretComponent => &["components"],
            Operation::ReviseReplica => &["revised"],
            Operation::InterpretStatus => &["status"],
            Operation::AggregateStatus => &["aggregatedStatus"],
            Operation::InterpretHealth => &["healthy"],
            Operation::InterpretDependency => &["dependencies"],
        }
    }

    /// Parses an operation name case-insensitively.
    pub fn parse(text: &str) -> Option<Operation> {
        Operation::ALL
            .into_iter()
            .find(|op| op.name().eq_ignore_ascii_case(text))
    }

    /// Operations that read one object (all but Retain).
    pub fn takes_one_object(self) -> bool {
        self != Operation::Retain
    }
}

impl fmt::Display for Operation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The inputs of one operation run.
#[derive(Clone, Debug, Default)]
pub struct OpInput {
    /// The desired object (`--desired-file`), if given.
    pub desired: Option<serde_json::Value>,
    /// The observed object (`--observed-file`), if given.
    pub observed: Option<serde_json::Value>,
    /// AggregatedStatusItem objects; `None` when no status file was given.
    pub status_items: Option<crate::input::StatusItems>,
    /// The replica number for ReviseReplica.
    pub desired_replica: i32,
}

impl OpInput {
    /// The single object of a one-object operation: desired, else observed.
    pub fn object(&self) -> Option<&serde_json::Value> {
        self.desired.as_ref().or(self.observed.as_ref())
    }
}

/// One of the two objects of an [`OpInput`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Which {
    Desired,
    Observed,
}

/// The input of one run as the engine reads it: lent by the caller
/// ([`Interpreter::run`](crate::interpreter::Interpreter::run)), or given
/// to the run ([`Interpreter::run_owned`](crate::interpreter::Interpreter::run_owned)),
/// which then moves each object and the status items into Lua at their
/// last use, freeing them as they are pushed. Spending is moving: what
/// the run took is gone from the input it owns.
pub(crate) enum Given<'a> {
    Lent(&'a OpInput),
    Owned(OpInput),
}

impl Given<'_> {
    /// The input, less what the run has taken.
    pub(crate) fn input(&self) -> &OpInput {
        match self {
            Given::Lent(input) => input,
            Given::Owned(input) => input,
        }
    }

    /// The object, taken if the run owns it (`None` if it is lent).
    pub(crate) fn take(&mut self, which: Which) -> Option<serde_json::Value> {
        match (self, which) {
            (Given::Lent(_), _) => None,
            (Given::Owned(input), Which::Desired) => input.desired.take(),
            (Given::Owned(input), Which::Observed) => input.observed.take(),
        }
    }

    /// The status items, taken if the run owns them.
    pub(crate) fn take_status(&mut self) -> Option<crate::input::StatusItems> {
        match self {
            Given::Lent(_) => None,
            Given::Owned(input) => input.status_items.take(),
        }
    }

    /// The object (`None` if not given, or taken).
    pub(crate) fn object(&self, which: Which) -> Option<&serde_json::Value> {
        let input = self.input();
        match which {
            Which::Desired => input.desired.as_ref(),
            Which::Observed => input.observed.as_ref(),
        }
    }

    /// The single object of a one-object operation: desired if given,
    /// else observed (as [`OpInput::object`]).
    pub(crate) fn one(&self) -> Which {
        match self.input().desired {
            Some(_) => Which::Desired,
            None => Which::Observed,
        }
    }
}

/// The named results of one successful operation run, in print order.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    pub results: Vec<(&'static str, serde_json::Value)>,
}

impl Outcome {
    /// Looks a result up by name.
    pub fn get(&self, name: &str) -> Option<&serde_json::Value> {
        self.results
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_is_case_insensitive() {
        assert_eq!(Operation::parse("retain"), Some(Operation::Retain));
        assert_eq!(
            Operation::parse("INTERPRETdependency"),
            Some(Operation::InterpretDependency)
        );
        assert_eq!(Operation::parse("retainx"), None);
    }
}
