# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_kinterp_global_optspecs
    string join \n color= timeout= lua-memory-limit= h/help V/version
end

function __fish_kinterp_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_kinterp_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_kinterp_using_subcommand
    set -l cmd (__fish_kinterp_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c kinterp -n "__fish_kinterp_needs_command" -l color -d 'When to colour output: auto (only on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c kinterp -n "__fish_kinterp_needs_command" -l timeout -d 'Time limit of one script call, e.g. 1s, 500ms, 2m (Karmada uses 1s)' -r
complete -c kinterp -n "__fish_kinterp_needs_command" -l lua-memory-limit -d 'Memory limit of the Lua VM in MiB; 0 means no limit' -r
complete -c kinterp -n "__fish_kinterp_needs_command" -s h -l help -d 'Print help'
complete -c kinterp -n "__fish_kinterp_needs_command" -s V -l version -d 'Print version'
complete -c kinterp -n "__fish_kinterp_needs_command" -f -a "interpret" -d 'Run one interpreter operation, or check customizations'
complete -c kinterp -n "__fish_kinterp_needs_command" -f -a "test" -d 'Run declarative test cases against customizations or the built-ins'
complete -c kinterp -n "__fish_kinterp_needs_command" -f -a "lint" -d 'Find bugs in customizations: undefined globals, wrong entry points, unknown fields, ...'
complete -c kinterp -n "__fish_kinterp_needs_command" -f -a "builtins" -d 'List the built-in interpreters: bundled customizations and native kinds'
complete -c kinterp -n "__fish_kinterp_needs_command" -f -a "simulate" -d 'Replay what Karmada does with a resource template across member clusters, step by step'
complete -c kinterp -n "__fish_kinterp_needs_command" -f -a "lsp" -d 'Serve the Language Server Protocol on standard input and output, for editors'
complete -c kinterp -n "__fish_kinterp_needs_command" -f -a "completions" -d 'Print a shell completion script'
complete -c kinterp -n "__fish_kinterp_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kinterp -n "__fish_kinterp_using_subcommand interpret" -s f -l filename -d 'Customization files: a file, a directory, a glob, or - for standard input (repeatable)' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand interpret" -s j -l jobs -d 'With --check: number of parallel jobs (default: all cores)' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand interpret" -l operation -d 'The operation to run, e.g. Retain or InterpretReplica (case-insensitive)' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand interpret" -l desired-file -d 'The desired object (the resource template), or a List of them' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand interpret" -l observed-file -d 'The observed object (as found in a member cluster), or a List of them' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand interpret" -l status-file -d 'AggregatedStatusItem documents (a stream or a list), or a ResourceBinding, Works or a List of them' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand interpret" -l desired-replica -d 'The replica number passed to ReviseReplica (0, with a warning, when not given)' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand interpret" -s o -l output -d 'Output format: yaml or json (run), table or json (--check)' -r -f -a "yaml\t''
json\t''
table\t''"
complete -c kinterp -n "__fish_kinterp_using_subcommand interpret" -l save-case -d 'Append this run to FILE as a test case (inputs and results), for `kinterp test`' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand interpret" -l compare -d 'Also run on a baseline, the built-ins or the customizations at PATH, and print where the results differ (exit 1 when they do)' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand interpret" -l builtins -d 'Replace the bundled third-party customizations, for this run, by those under DIR (recursively), e.g. a Karmada release\'s resourcecustomizations tree' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand interpret" -l case-name -d 'With --save-case: the case\'s name (default: the operation and the object\'s kind/name)' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand interpret" -l color -d 'When to colour output: auto (only on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c kinterp -n "__fish_kinterp_using_subcommand interpret" -l timeout -d 'Time limit of one script call, e.g. 1s, 500ms, 2m (Karmada uses 1s)' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand interpret" -l lua-memory-limit -d 'Memory limit of the Lua VM in MiB; 0 means no limit' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand interpret" -s R -l recursive -d 'Read directories given with -f recursively'
complete -c kinterp -n "__fish_kinterp_using_subcommand interpret" -l check -d 'Validate the customizations instead of running an operation'
complete -c kinterp -n "__fish_kinterp_using_subcommand interpret" -l strict -d 'With --check: treat lint warnings as errors'
complete -c kinterp -n "__fish_kinterp_using_subcommand interpret" -l diff -d 'Print a unified diff of the input object against the result (Retain, ReviseReplica, AggregateStatus)'
complete -c kinterp -n "__fish_kinterp_using_subcommand interpret" -l with-builtins -d 'With -f: fall back to the built-in interpreters as Karmada\'s control plane does'
complete -c kinterp -n "__fish_kinterp_using_subcommand interpret" -l print-to-stdout -d 'Write script print output to standard output, ahead of the result, as karmadactl does'
complete -c kinterp -n "__fish_kinterp_using_subcommand interpret" -l edit -d 'Edit the customization in $KUBE_EDITOR, $EDITOR, $VISUAL or vi, then validate and save it'
complete -c kinterp -n "__fish_kinterp_using_subcommand interpret" -l show-doc -d 'With --edit: show each rule\'s documentation as comments'
complete -c kinterp -n "__fish_kinterp_using_subcommand interpret" -l watch -d 'Run again whenever an input file changes (Ctrl-C to stop)'
complete -c kinterp -n "__fish_kinterp_using_subcommand interpret" -l trace -d 'Show each script line run, and the locals it assigned, on standard error'
complete -c kinterp -n "__fish_kinterp_using_subcommand interpret" -s h -l help -d 'Print help'
complete -c kinterp -n "__fish_kinterp_using_subcommand interpret" -s V -l version -d 'Print version'
complete -c kinterp -n "__fish_kinterp_using_subcommand test" -s f -l filename -d 'Customizations under test (file, directory, glob or -); without it, the built-ins' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand test" -l junit -d 'Also write a JUnit XML report to FILE' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand test" -l filter -d 'Run only the cases whose name or file path contains TEXT' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand test" -s j -l jobs -d 'Number of parallel jobs (default: all cores)' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand test" -l coverage-file -d 'With coverage: also write an lcov tracefile (YAML file lines) to FILE' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand test" -l coverage-min -d 'With coverage: exit 1 when line coverage is below PCT percent' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand test" -s o -l output -d 'Output format: human, or json (cases, counts and coverage in one object)' -r -f -a "human\t''
json\t''"
complete -c kinterp -n "__fish_kinterp_using_subcommand test" -l compare -d 'With -f: also run each case on a baseline, the built-ins or the customizations at PATH, and report where they agree' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand test" -l builtins -d 'Replace the bundled third-party customizations, for this run, by those under DIR (recursively), e.g. a Karmada release\'s resourcecustomizations tree' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand test" -l color -d 'When to colour output: auto (only on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c kinterp -n "__fish_kinterp_using_subcommand test" -l timeout -d 'Time limit of one script call, e.g. 1s, 500ms, 2m (Karmada uses 1s)' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand test" -l lua-memory-limit -d 'Memory limit of the Lua VM in MiB; 0 means no limit' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand test" -s R -l recursive -d 'Read directories given with -f recursively'
complete -c kinterp -n "__fish_kinterp_using_subcommand test" -l with-builtins -d 'With -f: fall back to the built-in interpreters as Karmada\'s control plane does'
complete -c kinterp -n "__fish_kinterp_using_subcommand test" -l fail-on-empty -d 'Exit 1 when no case ran'
complete -c kinterp -n "__fish_kinterp_using_subcommand test" -l coverage -d 'Report which customizations, rules and script lines the cases ran (runs cases on one thread)'
complete -c kinterp -n "__fish_kinterp_using_subcommand test" -l watch -d 'Run again whenever a case file or customization changes (Ctrl-C to stop)'
complete -c kinterp -n "__fish_kinterp_using_subcommand test" -l trace -d 'Show each script line run, and the locals it assigned, on standard error (runs cases on one thread)'
complete -c kinterp -n "__fish_kinterp_using_subcommand test" -l update -d 'Rewrite the expected output of failing cases to the actual results, in place'
complete -c kinterp -n "__fish_kinterp_using_subcommand test" -s h -l help -d 'Print help'
complete -c kinterp -n "__fish_kinterp_using_subcommand test" -s V -l version -d 'Print version'
complete -c kinterp -n "__fish_kinterp_using_subcommand lint" -s o -l output -d 'Output format' -r -f -a "human\t''
json\t''
sarif\t''
github\t''"
complete -c kinterp -n "__fish_kinterp_using_subcommand lint" -l deny -d 'Report RULE as an error' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand lint" -l warn -d 'Report RULE as a warning' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand lint" -l allow -d 'Do not report RULE' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand lint" -l crd -d 'A CustomResourceDefinition file: optional-field also checks the fields its schema does not require, for customizations of its kind' -r -F
complete -c kinterp -n "__fish_kinterp_using_subcommand lint" -l color -d 'When to colour output: auto (only on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c kinterp -n "__fish_kinterp_using_subcommand lint" -l timeout -d 'Time limit of one script call, e.g. 1s, 500ms, 2m (Karmada uses 1s)' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand lint" -l lua-memory-limit -d 'Memory limit of the Lua VM in MiB; 0 means no limit' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand lint" -s R -l recursive -d 'Read directories recursively'
complete -c kinterp -n "__fish_kinterp_using_subcommand lint" -s h -l help -d 'Print help'
complete -c kinterp -n "__fish_kinterp_using_subcommand lint" -s V -l version -d 'Print version'
complete -c kinterp -n "__fish_kinterp_using_subcommand builtins" -l operation -d 'Only this operation (case-insensitive)' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand builtins" -l kind -d 'Only this kind: Kind or apiVersion/Kind' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand builtins" -s o -l output -d 'Output format' -r -f -a "table\t''
json\t''"
complete -c kinterp -n "__fish_kinterp_using_subcommand builtins" -l builtins -d 'Replace the bundled third-party customizations, for this run, by those under DIR (recursively), e.g. a Karmada release\'s resourcecustomizations tree' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand builtins" -l color -d 'When to colour output: auto (only on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c kinterp -n "__fish_kinterp_using_subcommand builtins" -l timeout -d 'Time limit of one script call, e.g. 1s, 500ms, 2m (Karmada uses 1s)' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand builtins" -l lua-memory-limit -d 'Memory limit of the Lua VM in MiB; 0 means no limit' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand builtins" -s h -l help -d 'Print help'
complete -c kinterp -n "__fish_kinterp_using_subcommand builtins" -s V -l version -d 'Print version'
complete -c kinterp -n "__fish_kinterp_using_subcommand simulate" -l template -d 'The resource template (the desired object)' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand simulate" -l member -d 'A member cluster and the object observed there (NAME=FILE), or one with no object yet (NAME) (repeatable)' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand simulate" -l members -d 'Members\' objects: a directory of files named by cluster (member1.yaml), or a file of objects (a List too) each naming its cluster in the work.karmada.io/namespace annotation (repeatable)' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand simulate" -l replicas -d 'Replicas scheduled to a member (NAME=N); others get the template\'s count (repeatable)' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand simulate" -s f -l filename -d 'Customization files: a file, a directory, a glob, or - for standard input (repeatable)' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand simulate" -l builtins -d 'Replace the bundled third-party customizations, for this run, by those under DIR (recursively), e.g. a Karmada release\'s resourcecustomizations tree' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand simulate" -s o -l output -d 'Output format: human (a table and the status diff), yaml or json (every step\'s result)' -r -f -a "human\t''
yaml\t''
json\t''"
complete -c kinterp -n "__fish_kinterp_using_subcommand simulate" -l save-status -d 'Also write the status items of the members as a status file (for interpret --status-file)' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand simulate" -l color -d 'When to colour output: auto (only on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c kinterp -n "__fish_kinterp_using_subcommand simulate" -l timeout -d 'Time limit of one script call, e.g. 1s, 500ms, 2m (Karmada uses 1s)' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand simulate" -l lua-memory-limit -d 'Memory limit of the Lua VM in MiB; 0 means no limit' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand simulate" -s R -l recursive -d 'Read directories given with -f recursively'
complete -c kinterp -n "__fish_kinterp_using_subcommand simulate" -l with-builtins -d 'With -f: fall back to the built-in interpreters as Karmada\'s control plane does'
complete -c kinterp -n "__fish_kinterp_using_subcommand simulate" -s h -l help -d 'Print help'
complete -c kinterp -n "__fish_kinterp_using_subcommand simulate" -s V -l version -d 'Print version'
complete -c kinterp -n "__fish_kinterp_using_subcommand lsp" -l color -d 'When to colour output: auto (only on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c kinterp -n "__fish_kinterp_using_subcommand lsp" -l timeout -d 'Time limit of one script call, e.g. 1s, 500ms, 2m (Karmada uses 1s)' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand lsp" -l lua-memory-limit -d 'Memory limit of the Lua VM in MiB; 0 means no limit' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand lsp" -s h -l help -d 'Print help'
complete -c kinterp -n "__fish_kinterp_using_subcommand lsp" -s V -l version -d 'Print version'
complete -c kinterp -n "__fish_kinterp_using_subcommand completions" -l color -d 'When to colour output: auto (only on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c kinterp -n "__fish_kinterp_using_subcommand completions" -l timeout -d 'Time limit of one script call, e.g. 1s, 500ms, 2m (Karmada uses 1s)' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand completions" -l lua-memory-limit -d 'Memory limit of the Lua VM in MiB; 0 means no limit' -r
complete -c kinterp -n "__fish_kinterp_using_subcommand completions" -s h -l help -d 'Print help'
complete -c kinterp -n "__fish_kinterp_using_subcommand completions" -s V -l version -d 'Print version'
complete -c kinterp -n "__fish_kinterp_using_subcommand help; and not __fish_seen_subcommand_from interpret test lint builtins simulate lsp completions help" -f -a "interpret" -d 'Run one interpreter operation, or check customizations'
complete -c kinterp -n "__fish_kinterp_using_subcommand help; and not __fish_seen_subcommand_from interpret test lint builtins simulate lsp completions help" -f -a "test" -d 'Run declarative test cases against customizations or the built-ins'
complete -c kinterp -n "__fish_kinterp_using_subcommand help; and not __fish_seen_subcommand_from interpret test lint builtins simulate lsp completions help" -f -a "lint" -d 'Find bugs in customizations: undefined globals, wrong entry points, unknown fields, ...'
complete -c kinterp -n "__fish_kinterp_using_subcommand help; and not __fish_seen_subcommand_from interpret test lint builtins simulate lsp completions help" -f -a "builtins" -d 'List the built-in interpreters: bundled customizations and native kinds'
complete -c kinterp -n "__fish_kinterp_using_subcommand help; and not __fish_seen_subcommand_from interpret test lint builtins simulate lsp completions help" -f -a "simulate" -d 'Replay what Karmada does with a resource template across member clusters, step by step'
complete -c kinterp -n "__fish_kinterp_using_subcommand help; and not __fish_seen_subcommand_from interpret test lint builtins simulate lsp completions help" -f -a "lsp" -d 'Serve the Language Server Protocol on standard input and output, for editors'
complete -c kinterp -n "__fish_kinterp_using_subcommand help; and not __fish_seen_subcommand_from interpret test lint builtins simulate lsp completions help" -f -a "completions" -d 'Print a shell completion script'
complete -c kinterp -n "__fish_kinterp_using_subcommand help; and not __fish_seen_subcommand_from interpret test lint builtins simulate lsp completions help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
