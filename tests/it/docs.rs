//! The manual cannot drift from the binary or break its own links: every ```console block in
//! `docs/` is run against the real `trios` and its output compared (trycmd), and every
//! relative link in the README, ARCHITECTURE.md and `docs/` names a file that exists and, with
//! `#anchor`, a heading in it; every file or folder ARCHITECTURE.md points to in code spans
//! exists.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// The project's root.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The Markdown pages checked: the front page, the architecture and the manual.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![root().join("README.md"), root().join("ARCHITECTURE.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .expect("docs/")
        .map(|e| e.expect("a docs/ entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    pages.extend(docs);
    pages
}

#[test]
fn the_manuals_command_lines_print_what_it_shows() {
    // trycmd starts its children itself: hold the lock every child start holds, so none of
    // them takes another test's pseudo-terminal along.
    let _shared = crate::common::fork::spawning();
    trycmd::TestCases::new()
        .register_bin("trios", PathBuf::from(env!("CARGO_BIN_EXE_trios")))
        .case("docs/*.md");
}

/// The anchor a code host gives a heading: lower case, spaces to `-`, and everything but
/// letters, digits, `-` and `_` dropped.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a page's headings (outside code blocks); a repeated heading's later ones
/// get `-1`, `-2`… as on a code host.
fn anchors(text: &str) -> HashSet<String> {
    let mut seen = HashSet::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced || !line.starts_with('#') {
            continue;
        }
        let base = slug(line.trim_start_matches('#'));
        let mut anchor = base.clone();
        let mut n = 0;
        while seen.contains(&anchor) {
            n += 1;
            anchor = format!("{base}-{n}");
        }
        seen.insert(anchor);
    }
    seen
}

/// The targets of a page's inline links and images (`[text](target)`), outside code.
fn links(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        // Code spans hold no links.
        let prose: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        let mut rest = prose.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            let target = after[..end].split_whitespace().next().unwrap_or("");
            found.push(target.to_string());
            rest = &after[end..];
        }
    }
    found
}

#[test]
fn every_relative_link_names_a_file_and_heading_that_exist() {
    let mut broken = Vec::new();
    for page in pages() {
        let text =
            std::fs::read_to_string(&page).unwrap_or_else(|e| panic!("{}: {e}", page.display()));
        let dir = page.parent().expect("a folder");
        for target in links(&text) {
            if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, anchor) = match target.split_once('#') {
                Some((file, anchor)) => (file, Some(anchor)),
                None => (target.as_str(), None),
            };
            let path = if file.is_empty() {
                page.clone()
            } else {
                dir.join(file)
            };
            let name = format!("{}: {target}", page.display());
            if !path.exists() {
                broken.push(format!("{name} (no such file)"));
                continue;
            }
            if let Some(anchor) = anchor {
                let headings = if path.extension().is_some_and(|e| e == "md") {
                    anchors(&std::fs::read_to_string(&path).unwrap_or_default())
                } else {
                    HashSet::new()
                };
                if !headings.contains(anchor) {
                    broken.push(format!("{name} (no such heading)"));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn the_link_check_finds_a_missing_file_and_a_missing_heading() {
    let text = "# Top\n## The lobby\n```\n# not a heading\n```\nSee [a](x.md#y) and `[b](c)`.";
    assert_eq!(links(text), ["x.md#y"]);
    let found = anchors(text);
    assert!(found.contains("top") && found.contains("the-lobby"));
    assert!(!found.contains("not-a-heading"));
    assert_eq!(
        slug("Reversi's engine: 2x5 & `tt`"),
        "reversis-engine-2x5--tt"
    );
    assert!(!Path::new(&root().join("docs/no-such-page.md")).exists());
}

/// Every file and folder under the project's code folders, as paths from the root with `/`
/// (folders ending in `/`).
fn project_paths() -> Vec<String> {
    let mut found = Vec::new();
    let mut folders: Vec<PathBuf> = ["src", "tests", "examples", "benches", "docs"]
        .iter()
        .map(|f| root().join(f))
        .collect();
    while let Some(folder) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries {
            let path = entry.expect("an entry").path();
            let name = path
                .strip_prefix(root())
                .expect("under the root")
                .to_string_lossy()
                .replace('\\', "/");
            if path.is_dir() {
                found.push(format!("{name}/"));
                folders.push(path);
            } else {
                found.push(name);
            }
        }
    }
    found
}

/// The code spans of `text` outside code blocks that name a file (`.rs`, `.md`) or a folder
/// (ending in `/`), without placeholders such as `<game>`.
fn pointers(text: &str) -> Vec<String> {
    let mut spans = Vec::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        for (n, span) in line.split('`').enumerate() {
            let path = span.split("::").next().unwrap_or_default();
            let looks_like_a_path = n % 2 == 1
                && !path.is_empty()
                && path
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "_./-".contains(c))
                && (path.ends_with(".rs") || path.ends_with(".md") || path.ends_with('/'));
            if looks_like_a_path {
                spans.push(path.to_string());
            }
        }
    }
    spans
}

/// ARCHITECTURE.md's pointers (`tui/stones/view.rs`, `registry/`, or a file's name under the
/// folder its section is about) each name a file or folder that exists: from the root, or
/// as the end of a path in the code folders.
#[test]
fn every_file_architecture_points_to_exists() {
    let text = std::fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let paths = project_paths();
    let spans = pointers(&text);
    assert!(spans.len() > 100, "only {} pointers found", spans.len());
    let missing: Vec<&String> = spans
        .iter()
        .filter(|span| {
            !root().join(span).exists() && !paths.iter().any(|p| p.ends_with(&format!("/{span}")))
        })
        .collect();
    assert!(missing.is_empty(), "ARCHITECTURE.md points to {missing:?}");
    // The check finds what is not there.
    assert_eq!(
        pointers("see `tui/duel/view.rs` and `nothing/`"),
        ["tui/duel/view.rs", "nothing/"]
    );
    assert!(!paths.iter().any(|p| p.ends_with("/duel/view.rs")));
}
