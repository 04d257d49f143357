//! The eight interpreter operations: their canonical names, the Lua function
//! each one calls, and the names of the results each one prints.

use std::fmt;
use std::sync::{Mutex, PoisonError};

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

/// Which objects of an [`OpInput`] a run may spend: a spent object is
/// taken by its one conversion into Lua, freed as it is pushed, and is
/// `None` in the input after the run (as status items marked
/// [`StatusItems::spent_on_use`](crate::input::StatusItems::spent_on_use)
/// are emptied). For a program that runs one operation on a large object
/// and does not read it afterwards (the CLI), so that the object and its
/// Lua tables are not held at once. See
/// [`Interpreter::run_spending`](crate::interpreter::Interpreter::run_spending).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Spend {
    pub desired: bool,
    pub observed: bool,
}

/// One of the two objects of an [`OpInput`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Which {
    Desired,
    Observed,
}

/// The objects of one run as the engine reads them: lent by the input, or
/// moved out of it to be spent (see [`Spend`]).
pub(crate) struct Objects<'a> {
    desired: Slot<'a>,
    observed: Slot<'a>,
}

enum Slot<'a> {
    Lent(Option<&'a serde_json::Value>),
    /// Moved out of the input for the run, behind a lock so that its one
    /// conversion can take it (if `spend`) through the shared reference
    /// the engine passes around.
    Owned {
        value: Mutex<Option<serde_json::Value>>,
        spend: bool,
    },
}

impl Slot<'_> {
    fn with<R>(&self, f: impl FnOnce(Option<&serde_json::Value>) -> R) -> R {
        match self {
            Slot::Lent(v) => f(*v),
            Slot::Owned { value, .. } => f(value
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .as_ref()),
        }
    }
}

impl<'a> Objects<'a> {
    /// The input's objects, lent: none is spent.
    pub(crate) fn lent(input: &'a OpInput) -> Objects<'a> {
        Objects {
            desired: Slot::Lent(input.desired.as_ref()),
            observed: Slot::Lent(input.observed.as_ref()),
        }
    }

    /// The input's objects, moved out of it for one run that spends those
    /// `spend` marks; `restore` puts back what is left.
    pub(crate) fn spending(input: &mut OpInput, spend: Spend) -> Objects<'static> {
        let slot = |v: &mut Option<serde_json::Value>, spend: bool| Slot::Owned {
            value: Mutex::new(v.take()),
            spend,
        };
        Objects {
            desired: slot(&mut input.desired, spend.desired),
            observed: slot(&mut input.observed, spend.observed),
        }
    }

    /// Puts the objects `spending` moved out, and not spent since, back
    /// into `input`.
    pub(crate) fn restore(self, input: &mut OpInput) {
        for (slot, to) in [
            (self.desired, &mut input.desired),
            (self.observed, &mut input.observed),
        ] {
            if let Slot::Owned { value, .. } = slot {
                *to = value.into_inner().unwrap_or_else(PoisonError::into_inner);
            }
        }
    }

    fn slot(&self, which: Which) -> &Slot<'a> {
        match which {
            Which::Desired => &self.desired,
            Which::Observed => &self.observed,
        }
    }

    /// Calls `f` with the object (`None` if not given, or spent).
    pub(crate) fn with<R>(
        &self,
        which: Which,
        f: impl FnOnce(Option<&serde_json::Value>) -> R,
    ) -> R {
        self.slot(which).with(f)
    }

    /// Calls `f` with both objects, desired first.
    pub(crate) fn with_both<R>(
        &self,
        f: impl FnOnce(Option<&serde_json::Value>, Option<&serde_json::Value>) -> R,
    ) -> R {
        self.desired.with(|d| self.observed.with(|o| f(d, o)))
    }

    /// The single object of a one-object operation: desired if given,
    /// else observed (as [`OpInput::object`]).
    pub(crate) fn one(&self) -> Which {
        if self.with(Which::Desired, |d| d.is_some()) {
            Which::Desired
        } else {
            Which::Observed
        }
    }

    /// The object, taken, if it is to be spent (`None` if it is kept).
    pub(crate) fn take_spent(&self, which: Which) -> Option<serde_json::Value> {
        match self.slot(which) {
            Slot::Owned { value, spend: true } => {
                value.lock().unwrap_or_else(PoisonError::into_inner).take()
            }
            _ => None,
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
