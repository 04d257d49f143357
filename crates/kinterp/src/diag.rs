//! The one diagnostic type of kinterp: every layer (input decoding, the
//! customization schema, Lua compilation and execution, lint, the test
//! runner) reports problems as [`Diagnostic`] values, and front ends (the
//! CLI, the language server, SARIF and JSON writers) render them.
//!
//! A diagnostic is data, never pre-rendered text: its [`Kind`] decides the
//! process exit code, its [`Location`] says where the problem is in the
//! user's file, and its hints are kept apart from the message so that each
//! front end can show them its own way.

use std::fmt;
use std::path::PathBuf;

/// What went wrong, in the sense that decides how a command ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Bad command-line usage.
    Usage,
    /// An unreadable, undecodable or unsuitable input file.
    Input,
    /// A script that does not compile.
    Syntax,
    /// A script that raised an error, or an operation that failed.
    Runtime,
    /// A script call that ran past its time limit.
    Timeout,
    /// A script that ran past its memory limit.
    Memory,
    /// A finding of the linter.
    Lint,
}

impl Kind {
    /// The process exit code for a command that ends with this kind of
    /// error: 2 for usage and input problems, 1 for everything a script or
    /// a check found.
    pub fn exit_code(self) -> i32 {
        match self {
            Kind::Usage | Kind::Input => 2,
            Kind::Syntax | Kind::Runtime | Kind::Timeout | Kind::Memory | Kind::Lint => 1,
        }
    }

    /// A stable lower-case name, for JSON and SARIF output.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Usage => "usage",
            Kind::Input => "input",
            Kind::Syntax => "syntax",
            Kind::Runtime => "runtime",
            Kind::Timeout => "timeout",
            Kind::Memory => "memory",
            Kind::Lint => "lint",
        }
    }
}

/// How serious a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    Info,
    Warning,
    Error,
}

impl Severity {
    /// `error`, `warning` or `info`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A 1-based line and column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    pub line: usize,
    pub column: usize,
}

impl Position {
    pub fn new(line: usize, column: usize) -> Position {
        Position { line, column }
    }
}

/// Where a diagnostic points. Every part is optional: an input error may
/// know only the file, a script error knows the customization, the rule,
/// the script's own line (as Karmada reports it) and, mapped through the
/// YAML block the script sits in, the line of the file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Location {
    /// The file, as the user named it.
    pub file: Option<PathBuf>,
    /// The position in the file (the YAML line and column).
    pub position: Option<Position>,
    /// The ResourceInterpreterCustomization's `metadata.name`.
    pub customization: Option<String>,
    /// The rule (Karmada's operation name, e.g. `InterpretHealth`).
    pub rule: Option<String>,
    /// The position inside the Lua script, 1-based, as gopher-lua counts.
    pub script: Option<Position>,
}

impl Location {
    /// A location that names only a file.
    pub fn file(path: impl Into<PathBuf>) -> Location {
        Location {
            file: Some(path.into()),
            ..Location::default()
        }
    }

    /// `file:line:column`, `file:line`, `file`, or nothing, for messages.
    pub fn file_position(&self) -> Option<String> {
        let file = self.file.as_ref()?.display().to_string();
        Some(match self.position {
            Some(p) if p.column > 0 => format!("{file}:{}:{}", p.line, p.column),
            Some(p) => format!("{file}:{}", p.line),
            None => file,
        })
    }
}

/// One problem found by kinterp.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub kind: Kind,
    pub severity: Severity,
    /// The lint rule id, for lint findings (e.g. `undefined-global`).
    pub code: Option<String>,
    /// What is wrong, one line, without location or hints.
    pub message: String,
    /// Suggestions, each one line ("did you mean `GetReplicas`?").
    pub hints: Vec<String>,
    pub location: Location,
}

impl Diagnostic {
    /// An error of `kind` with `message` and no location.
    pub fn error(kind: Kind, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            kind,
            severity: Severity::Error,
            code: None,
            message: message.into(),
            hints: Vec::new(),
            location: Location::default(),
        }
    }

    /// An input error (unreadable, undecodable or unsuitable file): exit 2.
    pub fn input(message: impl Into<String>) -> Diagnostic {
        Diagnostic::error(Kind::Input, message)
    }

    /// A usage error (bad arguments): exit 2.
    pub fn usage(message: impl Into<String>) -> Diagnostic {
        Diagnostic::error(Kind::Usage, message)
    }

    /// A runtime failure (a script or an operation failed): exit 1.
    pub fn runtime(message: impl Into<String>) -> Diagnostic {
        Diagnostic::error(Kind::Runtime, message)
    }

    /// The same diagnostic in `file` (its `Display` then starts with it).
    pub fn in_file(mut self, file: impl Into<PathBuf>) -> Diagnostic {
        self.location.file = Some(file.into());
        self
    }

    /// The same diagnostic at a 1-based line and column of its file
    /// (column 0: the line only).
    pub fn at_line(mut self, line: usize, column: usize) -> Diagnostic {
        self.location.position = Some(Position::new(line, column));
        self
    }

    /// The same diagnostic for an operation (`rule`), as Karmada names it.
    pub fn for_rule(mut self, rule: impl Into<String>) -> Diagnostic {
        self.location.rule = Some(rule.into());
        self
    }

    /// A warning of `kind` with `message` and no location.
    pub fn warning(kind: Kind, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(kind, message)
        }
    }

    /// The same diagnostic at `location`.
    pub fn at(mut self, location: Location) -> Diagnostic {
        self.location = location;
        self
    }

    /// The same diagnostic with one more hint.
    pub fn with_hint(mut self, hint: impl Into<String>) -> Diagnostic {
        self.hints.push(hint.into());
        self
    }

    /// The same diagnostic with a rule id.
    pub fn with_code(mut self, code: impl Into<String>) -> Diagnostic {
        self.code = Some(code.into());
        self
    }

    /// The process exit code for a command that ends with this diagnostic.
    pub fn exit_code(&self) -> i32 {
        self.kind.exit_code()
    }
}

impl fmt::Display for Diagnostic {
    /// The plain one-line form: `file:line:col: message`, without hints.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.location.file_position() {
            Some(at) => write!(f, "{at}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for Diagnostic {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_codes_come_from_the_kind() {
        assert_eq!(Diagnostic::error(Kind::Input, "x").exit_code(), 2);
        assert_eq!(Diagnostic::error(Kind::Usage, "x").exit_code(), 2);
        assert_eq!(Diagnostic::error(Kind::Runtime, "x").exit_code(), 1);
        assert_eq!(Diagnostic::error(Kind::Syntax, "x").exit_code(), 1);
        assert_eq!(Diagnostic::error(Kind::Timeout, "x").exit_code(), 1);
    }

    #[test]
    fn display_puts_the_file_position_first() {
        let mut loc = Location::file("ric.yaml");
        loc.position = Some(Position::new(23, 14));
        let d = Diagnostic::error(Kind::Runtime, "boom").at(loc.clone());
        assert_eq!(d.to_string(), "ric.yaml:23:14: boom");
        loc.position = Some(Position::new(3, 0));
        assert_eq!(d.at(loc).to_string(), "ric.yaml:3: boom");
        assert_eq!(Diagnostic::error(Kind::Input, "plain").to_string(), "plain");
    }
}
