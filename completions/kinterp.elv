
use builtin;
use str;

set edit:completion:arg-completer[kinterp] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'kinterp'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'kinterp'= {
            cand --color 'When to colour output: auto (only on a terminal, unless NO_COLOR is set), always or never'
            cand --timeout 'Time limit of one script call, e.g. 1s, 500ms, 2m (Karmada uses 1s)'
            cand --lua-memory-limit 'Memory limit of the Lua VM in MiB; 0 means no limit'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand interpret 'Run one interpreter operation, or check customizations'
            cand test 'Run declarative test cases against customizations or the built-ins'
            cand lint 'Find bugs in customizations: undefined globals, wrong entry points, unknown fields, ...'
            cand builtins 'List the built-in interpreters: bundled customizations and native kinds'
            cand simulate 'Replay what Karmada does with a resource template across member clusters, step by step'
            cand lsp 'Serve the Language Server Protocol on standard input and output, for editors'
            cand completions 'Print a shell completion script'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'kinterp;interpret'= {
            cand -f 'Customization files: a file, a directory, a glob, or - for standard input (repeatable)'
            cand --filename 'Customization files: a file, a directory, a glob, or - for standard input (repeatable)'
            cand -j 'With --check: number of parallel jobs (default: all cores)'
            cand --jobs 'With --check: number of parallel jobs (default: all cores)'
            cand --operation 'The operation to run, e.g. Retain or InterpretReplica (case-insensitive)'
            cand --desired-file 'The desired object (the resource template), or a List of them'
            cand --observed-file 'The observed object (as found in a member cluster), or a List of them'
            cand --status-file 'AggregatedStatusItem documents (a stream or a list), or a ResourceBinding, Works or a List of them'
            cand --desired-replica 'The replica number passed to ReviseReplica (0, with a warning, when not given)'
            cand -o 'Output format: yaml or json (run), table or json (--check)'
            cand --output 'Output format: yaml or json (run), table or json (--check)'
            cand --save-case 'Append this run to FILE as a test case (inputs and results), for `kinterp test`'
            cand --compare 'Also run on a baseline, the built-ins or the customizations at PATH, and print where the results differ (exit 1 when they do)'
            cand --builtins 'Replace the bundled third-party customizations, for this run, by those under DIR (recursively), e.g. a Karmada release''s resourcecustomizations tree'
            cand --case-name 'With --save-case: the case''s name (default: the operation and the object''s kind/name)'
            cand --color 'When to colour output: auto (only on a terminal, unless NO_COLOR is set), always or never'
            cand --timeout 'Time limit of one script call, e.g. 1s, 500ms, 2m (Karmada uses 1s)'
            cand --lua-memory-limit 'Memory limit of the Lua VM in MiB; 0 means no limit'
            cand -R 'Read directories given with -f recursively'
            cand --recursive 'Read directories given with -f recursively'
            cand --check 'Validate the customizations instead of running an operation'
            cand --strict 'With --check: treat lint warnings as errors'
            cand --diff 'Print a unified diff of the input object against the result (Retain, ReviseReplica, AggregateStatus)'
            cand --with-builtins 'With -f: fall back to the built-in interpreters as Karmada''s control plane does'
            cand --print-to-stdout 'Write script print output to standard output, ahead of the result, as karmadactl does'
            cand --edit 'Edit the customization in $KUBE_EDITOR, $EDITOR, $VISUAL or vi, then validate and save it'
            cand --show-doc 'With --edit: show each rule''s documentation as comments'
            cand --watch 'Run again whenever an input file changes (Ctrl-C to stop)'
            cand --trace 'Show each script line run, and the locals it assigned, on standard error'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'kinterp;test'= {
            cand -f 'Customizations under test (file, directory, glob or -); without it, the built-ins'
            cand --filename 'Customizations under test (file, directory, glob or -); without it, the built-ins'
            cand --junit 'Also write a JUnit XML report to FILE'
            cand --filter 'Run only the cases whose name or file path contains TEXT'
            cand -j 'Number of parallel jobs (default: all cores)'
            cand --jobs 'Number of parallel jobs (default: all cores)'
            cand --coverage-file 'With coverage: also write an lcov tracefile (YAML file lines) to FILE'
            cand --coverage-min 'With coverage: exit 1 when line coverage is below PCT percent'
            cand -o 'Output format: human, or json (cases, counts and coverage in one object)'
            cand --output 'Output format: human, or json (cases, counts and coverage in one object)'
            cand --compare 'With -f: also run each case on a baseline, the built-ins or the customizations at PATH, and report where they agree'
            cand --builtins 'Replace the bundled third-party customizations, for this run, by those under DIR (recursively), e.g. a Karmada release''s resourcecustomizations tree'
            cand --color 'When to colour output: auto (only on a terminal, unless NO_COLOR is set), always or never'
            cand --timeout 'Time limit of one script call, e.g. 1s, 500ms, 2m (Karmada uses 1s)'
            cand --lua-memory-limit 'Memory limit of the Lua VM in MiB; 0 means no limit'
            cand -R 'Read directories given with -f recursively'
            cand --recursive 'Read directories given with -f recursively'
            cand --with-builtins 'With -f: fall back to the built-in interpreters as Karmada''s control plane does'
            cand --fail-on-empty 'Exit 1 when no case ran'
            cand --coverage 'Report which customizations, rules and script lines the cases ran (runs cases on one thread)'
            cand --watch 'Run again whenever a case file or customization changes (Ctrl-C to stop)'
            cand --trace 'Show each script line run, and the locals it assigned, on standard error (runs cases on one thread)'
            cand --update 'Rewrite the expected output of failing cases to the actual results, in place'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'kinterp;lint'= {
            cand -o 'Output format'
            cand --output 'Output format'
            cand --deny 'Report RULE as an error'
            cand --warn 'Report RULE as a warning'
            cand --allow 'Do not report RULE'
            cand --crd 'A CustomResourceDefinition file: optional-field also checks the fields its schema does not require, for customizations of its kind'
            cand --color 'When to colour output: auto (only on a terminal, unless NO_COLOR is set), always or never'
            cand --timeout 'Time limit of one script call, e.g. 1s, 500ms, 2m (Karmada uses 1s)'
            cand --lua-memory-limit 'Memory limit of the Lua VM in MiB; 0 means no limit'
            cand -R 'Read directories recursively'
            cand --recursive 'Read directories recursively'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'kinterp;builtins'= {
            cand --operation 'Only this operation (case-insensitive)'
            cand --kind 'Only this kind: Kind or apiVersion/Kind'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --builtins 'Replace the bundled third-party customizations, for this run, by those under DIR (recursively), e.g. a Karmada release''s resourcecustomizations tree'
            cand --color 'When to colour output: auto (only on a terminal, unless NO_COLOR is set), always or never'
            cand --timeout 'Time limit of one script call, e.g. 1s, 500ms, 2m (Karmada uses 1s)'
            cand --lua-memory-limit 'Memory limit of the Lua VM in MiB; 0 means no limit'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'kinterp;simulate'= {
            cand --template 'The resource template (the desired object)'
            cand --member 'A member cluster and the object observed there (NAME=FILE), or one with no object yet (NAME) (repeatable)'
            cand --members 'Members'' objects: a directory of files named by cluster (member1.yaml), or a file of objects (a List too) each naming its cluster in the work.karmada.io/namespace annotation (repeatable)'
            cand --replicas 'Replicas scheduled to a member (NAME=N); others get the template''s count (repeatable)'
            cand -f 'Customization files: a file, a directory, a glob, or - for standard input (repeatable)'
            cand --filename 'Customization files: a file, a directory, a glob, or - for standard input (repeatable)'
            cand --builtins 'Replace the bundled third-party customizations, for this run, by those under DIR (recursively), e.g. a Karmada release''s resourcecustomizations tree'
            cand -o 'Output format: human (a table and the status diff), yaml or json (every step''s result)'
            cand --output 'Output format: human (a table and the status diff), yaml or json (every step''s result)'
            cand --save-status 'Also write the status items of the members as a status file (for interpret --status-file)'
            cand --color 'When to colour output: auto (only on a terminal, unless NO_COLOR is set), always or never'
            cand --timeout 'Time limit of one script call, e.g. 1s, 500ms, 2m (Karmada uses 1s)'
            cand --lua-memory-limit 'Memory limit of the Lua VM in MiB; 0 means no limit'
            cand -R 'Read directories given with -f recursively'
            cand --recursive 'Read directories given with -f recursively'
            cand --with-builtins 'With -f: fall back to the built-in interpreters as Karmada''s control plane does'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'kinterp;lsp'= {
            cand --color 'When to colour output: auto (only on a terminal, unless NO_COLOR is set), always or never'
            cand --timeout 'Time limit of one script call, e.g. 1s, 500ms, 2m (Karmada uses 1s)'
            cand --lua-memory-limit 'Memory limit of the Lua VM in MiB; 0 means no limit'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'kinterp;completions'= {
            cand --color 'When to colour output: auto (only on a terminal, unless NO_COLOR is set), always or never'
            cand --timeout 'Time limit of one script call, e.g. 1s, 500ms, 2m (Karmada uses 1s)'
            cand --lua-memory-limit 'Memory limit of the Lua VM in MiB; 0 means no limit'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'kinterp;help'= {
            cand interpret 'Run one interpreter operation, or check customizations'
            cand test 'Run declarative test cases against customizations or the built-ins'
            cand lint 'Find bugs in customizations: undefined globals, wrong entry points, unknown fields, ...'
            cand builtins 'List the built-in interpreters: bundled customizations and native kinds'
            cand simulate 'Replay what Karmada does with a resource template across member clusters, step by step'
            cand lsp 'Serve the Language Server Protocol on standard input and output, for editors'
            cand completions 'Print a shell completion script'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'kinterp;help;interpret'= {
        }
        &'kinterp;help;test'= {
        }
        &'kinterp;help;lint'= {
        }
        &'kinterp;help;builtins'= {
        }
        &'kinterp;help;simulate'= {
        }
        &'kinterp;help;lsp'= {
        }
        &'kinterp;help;completions'= {
        }
        &'kinterp;help;help'= {
        }
    ]
    $completions[$command]
}
