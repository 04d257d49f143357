
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'kinterp' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'kinterp'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'kinterp' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (only on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Time limit of one script call, e.g. 1s, 500ms, 2m (Karmada uses 1s)')
            [CompletionResult]::new('--lua-memory-limit', '--lua-memory-limit', [CompletionResultType]::ParameterName, 'Memory limit of the Lua VM in MiB; 0 means no limit')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('interpret', 'interpret', [CompletionResultType]::ParameterValue, 'Run one interpreter operation, or check customizations')
            [CompletionResult]::new('test', 'test', [CompletionResultType]::ParameterValue, 'Run declarative test cases against customizations or the built-ins')
            [CompletionResult]::new('lint', 'lint', [CompletionResultType]::ParameterValue, 'Find bugs in customizations: undefined globals, wrong entry points, unknown fields, ...')
            [CompletionResult]::new('builtins', 'builtins', [CompletionResultType]::ParameterValue, 'List the built-in interpreters: bundled customizations and native kinds')
            [CompletionResult]::new('simulate', 'simulate', [CompletionResultType]::ParameterValue, 'Replay what Karmada does with a resource template across member clusters, step by step')
            [CompletionResult]::new('lsp', 'lsp', [CompletionResultType]::ParameterValue, 'Serve the Language Server Protocol on standard input and output, for editors')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'kinterp;interpret' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Customization files: a file, a directory, a glob, or - for standard input (repeatable)')
            [CompletionResult]::new('--filename', '--filename', [CompletionResultType]::ParameterName, 'Customization files: a file, a directory, a glob, or - for standard input (repeatable)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'With --check: number of parallel jobs (default: all cores)')
            [CompletionResult]::new('--jobs', '--jobs', [CompletionResultType]::ParameterName, 'With --check: number of parallel jobs (default: all cores)')
            [CompletionResult]::new('--operation', '--operation', [CompletionResultType]::ParameterName, 'The operation to run, e.g. Retain or InterpretReplica (case-insensitive)')
            [CompletionResult]::new('--desired-file', '--desired-file', [CompletionResultType]::ParameterName, 'The desired object (the resource template), or a List of them')
            [CompletionResult]::new('--observed-file', '--observed-file', [CompletionResultType]::ParameterName, 'The observed object (as found in a member cluster), or a List of them')
            [CompletionResult]::new('--status-file', '--status-file', [CompletionResultType]::ParameterName, 'AggregatedStatusItem documents (a stream or a list), or a ResourceBinding, Works or a List of them')
            [CompletionResult]::new('--desired-replica', '--desired-replica', [CompletionResultType]::ParameterName, 'The replica number passed to ReviseReplica (0, with a warning, when not given)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: yaml or json (run), table or json (--check)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: yaml or json (run), table or json (--check)')
            [CompletionResult]::new('--save-case', '--save-case', [CompletionResultType]::ParameterName, 'Append this run to FILE as a test case (inputs and results), for `kinterp test`')
            [CompletionResult]::new('--compare', '--compare', [CompletionResultType]::ParameterName, 'Also run on a baseline, the built-ins or the customizations at PATH, and print where the results differ (exit 1 when they do)')
            [CompletionResult]::new('--builtins', '--builtins', [CompletionResultType]::ParameterName, 'Replace the bundled third-party customizations, for this run, by those under DIR (recursively), e.g. a Karmada release''s resourcecustomizations tree')
            [CompletionResult]::new('--case-name', '--case-name', [CompletionResultType]::ParameterName, 'With --save-case: the case''s name (default: the operation and the object''s kind/name)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (only on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Time limit of one script call, e.g. 1s, 500ms, 2m (Karmada uses 1s)')
            [CompletionResult]::new('--lua-memory-limit', '--lua-memory-limit', [CompletionResultType]::ParameterName, 'Memory limit of the Lua VM in MiB; 0 means no limit')
            [CompletionResult]::new('-R', '-R ', [CompletionResultType]::ParameterName, 'Read directories given with -f recursively')
            [CompletionResult]::new('--recursive', '--recursive', [CompletionResultType]::ParameterName, 'Read directories given with -f recursively')
            [CompletionResult]::new('--check', '--check', [CompletionResultType]::ParameterName, 'Validate the customizations instead of running an operation')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'With --check: treat lint warnings as errors')
            [CompletionResult]::new('--diff', '--diff', [CompletionResultType]::ParameterName, 'Print a unified diff of the input object against the result (Retain, ReviseReplica, AggregateStatus)')
            [CompletionResult]::new('--with-builtins', '--with-builtins', [CompletionResultType]::ParameterName, 'With -f: fall back to the built-in interpreters as Karmada''s control plane does')
            [CompletionResult]::new('--print-to-stdout', '--print-to-stdout', [CompletionResultType]::ParameterName, 'Write script print output to standard output, ahead of the result, as karmadactl does')
            [CompletionResult]::new('--edit', '--edit', [CompletionResultType]::ParameterName, 'Edit the customization in $KUBE_EDITOR, $EDITOR, $VISUAL or vi, then validate and save it')
            [CompletionResult]::new('--show-doc', '--show-doc', [CompletionResultType]::ParameterName, 'With --edit: show each rule''s documentation as comments')
            [CompletionResult]::new('--watch', '--watch', [CompletionResultType]::ParameterName, 'Run again whenever an input file changes (Ctrl-C to stop)')
            [CompletionResult]::new('--trace', '--trace', [CompletionResultType]::ParameterName, 'Show each script line run, and the locals it assigned, on standard error')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'kinterp;test' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Customizations under test (file, directory, glob or -); without it, the built-ins')
            [CompletionResult]::new('--filename', '--filename', [CompletionResultType]::ParameterName, 'Customizations under test (file, directory, glob or -); without it, the built-ins')
            [CompletionResult]::new('--junit', '--junit', [CompletionResultType]::ParameterName, 'Also write a JUnit XML report to FILE')
            [CompletionResult]::new('--filter', '--filter', [CompletionResultType]::ParameterName, 'Run only the cases whose name or file path contains TEXT')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Number of parallel jobs (default: all cores)')
            [CompletionResult]::new('--jobs', '--jobs', [CompletionResultType]::ParameterName, 'Number of parallel jobs (default: all cores)')
            [CompletionResult]::new('--coverage-file', '--coverage-file', [CompletionResultType]::ParameterName, 'With coverage: also write an lcov tracefile (YAML file lines) to FILE')
            [CompletionResult]::new('--coverage-min', '--coverage-min', [CompletionResultType]::ParameterName, 'With coverage: exit 1 when line coverage is below PCT percent')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: human, or json (cases, counts and coverage in one object)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: human, or json (cases, counts and coverage in one object)')
            [CompletionResult]::new('--compare', '--compare', [CompletionResultType]::ParameterName, 'With -f: also run each case on a baseline, the built-ins or the customizations at PATH, and report where they agree')
            [CompletionResult]::new('--builtins', '--builtins', [CompletionResultType]::ParameterName, 'Replace the bundled third-party customizations, for this run, by those under DIR (recursively), e.g. a Karmada release''s resourcecustomizations tree')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (only on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Time limit of one script call, e.g. 1s, 500ms, 2m (Karmada uses 1s)')
            [CompletionResult]::new('--lua-memory-limit', '--lua-memory-limit', [CompletionResultType]::ParameterName, 'Memory limit of the Lua VM in MiB; 0 means no limit')
            [CompletionResult]::new('-R', '-R ', [CompletionResultType]::ParameterName, 'Read directories given with -f recursively')
            [CompletionResult]::new('--recursive', '--recursive', [CompletionResultType]::ParameterName, 'Read directories given with -f recursively')
            [CompletionResult]::new('--with-builtins', '--with-builtins', [CompletionResultType]::ParameterName, 'With -f: fall back to the built-in interpreters as Karmada''s control plane does')
            [CompletionResult]::new('--fail-on-empty', '--fail-on-empty', [CompletionResultType]::ParameterName, 'Exit 1 when no case ran')
            [CompletionResult]::new('--coverage', '--coverage', [CompletionResultType]::ParameterName, 'Report which customizations, rules and script lines the cases ran (runs cases on one thread)')
            [CompletionResult]::new('--watch', '--watch', [CompletionResultType]::ParameterName, 'Run again whenever a case file or customization changes (Ctrl-C to stop)')
            [CompletionResult]::new('--trace', '--trace', [CompletionResultType]::ParameterName, 'Show each script line run, and the locals it assigned, on standard error (runs cases on one thread)')
            [CompletionResult]::new('--update', '--update', [CompletionResultType]::ParameterName, 'Rewrite the expected output of failing cases to the actual results, in place')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'kinterp;lint' {
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--deny', '--deny', [CompletionResultType]::ParameterName, 'Report RULE as an error')
            [CompletionResult]::new('--warn', '--warn', [CompletionResultType]::ParameterName, 'Report RULE as a warning')
            [CompletionResult]::new('--allow', '--allow', [CompletionResultType]::ParameterName, 'Do not report RULE')
            [CompletionResult]::new('--crd', '--crd', [CompletionResultType]::ParameterName, 'A CustomResourceDefinition file: optional-field also checks the fields its schema does not require, for customizations of its kind')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (only on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Time limit of one script call, e.g. 1s, 500ms, 2m (Karmada uses 1s)')
            [CompletionResult]::new('--lua-memory-limit', '--lua-memory-limit', [CompletionResultType]::ParameterName, 'Memory limit of the Lua VM in MiB; 0 means no limit')
            [CompletionResult]::new('-R', '-R ', [CompletionResultType]::ParameterName, 'Read directories recursively')
            [CompletionResult]::new('--recursive', '--recursive', [CompletionResultType]::ParameterName, 'Read directories recursively')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'kinterp;builtins' {
            [CompletionResult]::new('--operation', '--operation', [CompletionResultType]::ParameterName, 'Only this operation (case-insensitive)')
            [CompletionResult]::new('--kind', '--kind', [CompletionResultType]::ParameterName, 'Only this kind: Kind or apiVersion/Kind')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--builtins', '--builtins', [CompletionResultType]::ParameterName, 'Replace the bundled third-party customizations, for this run, by those under DIR (recursively), e.g. a Karmada release''s resourcecustomizations tree')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (only on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Time limit of one script call, e.g. 1s, 500ms, 2m (Karmada uses 1s)')
            [CompletionResult]::new('--lua-memory-limit', '--lua-memory-limit', [CompletionResultType]::ParameterName, 'Memory limit of the Lua VM in MiB; 0 means no limit')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'kinterp;simulate' {
            [CompletionResult]::new('--template', '--template', [CompletionResultType]::ParameterName, 'The resource template (the desired object)')
            [CompletionResult]::new('--member', '--member', [CompletionResultType]::ParameterName, 'A member cluster and the object observed there (NAME=FILE), or one with no object yet (NAME) (repeatable)')
            [CompletionResult]::new('--members', '--members', [CompletionResultType]::ParameterName, 'Members'' objects: a directory of files named by cluster (member1.yaml), or a file of objects (a List too) each naming its cluster in the work.karmada.io/namespace annotation (repeatable)')
            [CompletionResult]::new('--replicas', '--replicas', [CompletionResultType]::ParameterName, 'Replicas scheduled to a member (NAME=N); others get the template''s count (repeatable)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Customization files: a file, a directory, a glob, or - for standard input (repeatable)')
            [CompletionResult]::new('--filename', '--filename', [CompletionResultType]::ParameterName, 'Customization files: a file, a directory, a glob, or - for standard input (repeatable)')
            [CompletionResult]::new('--builtins', '--builtins', [CompletionResultType]::ParameterName, 'Replace the bundled third-party customizations, for this run, by those under DIR (recursively), e.g. a Karmada release''s resourcecustomizations tree')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: human (a table and the status diff), yaml or json (every step''s result)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: human (a table and the status diff), yaml or json (every step''s result)')
            [CompletionResult]::new('--save-status', '--save-status', [CompletionResultType]::ParameterName, 'Also write the status items of the members as a status file (for interpret --status-file)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (only on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Time limit of one script call, e.g. 1s, 500ms, 2m (Karmada uses 1s)')
            [CompletionResult]::new('--lua-memory-limit', '--lua-memory-limit', [CompletionResultType]::ParameterName, 'Memory limit of the Lua VM in MiB; 0 means no limit')
            [CompletionResult]::new('-R', '-R ', [CompletionResultType]::ParameterName, 'Read directories given with -f recursively')
            [CompletionResult]::new('--recursive', '--recursive', [CompletionResultType]::ParameterName, 'Read directories given with -f recursively')
            [CompletionResult]::new('--with-builtins', '--with-builtins', [CompletionResultType]::ParameterName, 'With -f: fall back to the built-in interpreters as Karmada''s control plane does')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'kinterp;lsp' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (only on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Time limit of one script call, e.g. 1s, 500ms, 2m (Karmada uses 1s)')
            [CompletionResult]::new('--lua-memory-limit', '--lua-memory-limit', [CompletionResultType]::ParameterName, 'Memory limit of the Lua VM in MiB; 0 means no limit')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'kinterp;completions' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (only on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Time limit of one script call, e.g. 1s, 500ms, 2m (Karmada uses 1s)')
            [CompletionResult]::new('--lua-memory-limit', '--lua-memory-limit', [CompletionResultType]::ParameterName, 'Memory limit of the Lua VM in MiB; 0 means no limit')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'kinterp;help' {
            [CompletionResult]::new('interpret', 'interpret', [CompletionResultType]::ParameterValue, 'Run one interpreter operation, or check customizations')
            [CompletionResult]::new('test', 'test', [CompletionResultType]::ParameterValue, 'Run declarative test cases against customizations or the built-ins')
            [CompletionResult]::new('lint', 'lint', [CompletionResultType]::ParameterValue, 'Find bugs in customizations: undefined globals, wrong entry points, unknown fields, ...')
            [CompletionResult]::new('builtins', 'builtins', [CompletionResultType]::ParameterValue, 'List the built-in interpreters: bundled customizations and native kinds')
            [CompletionResult]::new('simulate', 'simulate', [CompletionResultType]::ParameterValue, 'Replay what Karmada does with a resource template across member clusters, step by step')
            [CompletionResult]::new('lsp', 'lsp', [CompletionResultType]::ParameterValue, 'Serve the Language Server Protocol on standard input and output, for editors')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'kinterp;help;interpret' {
            break
        }
        'kinterp;help;test' {
            break
        }
        'kinterp;help;lint' {
            break
        }
        'kinterp;help;builtins' {
            break
        }
        'kinterp;help;simulate' {
            break
        }
        'kinterp;help;lsp' {
            break
        }
        'kinterp;help;completions' {
            break
        }
        'kinterp;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
