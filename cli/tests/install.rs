//! Install and help: completion scripts, the man page, and `--help` of
//! every subcommand with an example and the exit codes.

mod common;
use common::{assert_contains, motley, refused};

#[test]
fn completions_for_bash_zsh_and_fish() {
    let (code, bash, _) = motley(&["completions", "bash"]);
    assert_eq!(code, 0);
    assert!(bash.contains("complete -F _motley"), "{bash}");
    assert!(bash.contains("perft") && bash.contains("--ruling"));
    let (code, zsh, _) = motley(&["completions", "zsh"]);
    assert_eq!(code, 0);
    assert!(zsh.starts_with("#compdef motley\n"), "{zsh}");
    assert!(zsh.contains("'--san[") && zsh.contains("conform"));
    let (code, fish, _) = motley(&["completions", "fish"]);
    assert_eq!(code, 0);
    assert!(fish.contains("complete -c motley"), "{fish}");
    assert!(fish.contains("-a \"status\""), "{fish}");
    let err = refused(&["completions", "tcsh"], 2);
    assert_contains(&err, "invalid value 'tcsh'");
}

#[test]
fn the_man_page_covers_every_subcommand() {
    let (code, page, _) = motley(&["man"]);
    assert_eq!(code, 0);
    assert!(page.contains(".TH motley 1"), "{}", &page[..200]);
    for sub in [
        "check", "perft", "moves", "status", "show", "pgn", "record", "conform",
    ] {
        assert!(page.contains(&format!(".TH motley-{sub} ")), "{sub}");
    }
}

#[test]
fn every_help_gives_an_example_and_the_exit_codes() {
    // Every subcommand `motley --help` lists, so a new one is covered too.
    let (_, top, _) = motley(&["--help"]);
    let subcommands: Vec<&str> = top
        .split("Commands:")
        .nth(1)
        .expect("a command list")
        .lines()
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|&sub| sub != "help")
        .collect();
    assert!(subcommands.len() >= 20, "{subcommands:?}");
    for sub in subcommands {
        let (code, help, _) = motley(&[sub, "--help"]);
        assert_eq!(code, 0, "{sub}");
        assert!(help.contains("\nExample:\n  "), "{sub}: {help}");
        assert!(
            help.contains("Exit codes: 0 ok; 1 input refused"),
            "{sub}: {help}"
        );
    }
    let (code, _, err) = motley(&["perft"]);
    assert_eq!(code, 2, "a usage error: {err}");
}
