//! The floors of the crate, checked against its sources: the primitives
//! import nothing from the crate, an import never runs up a floor, and no
//! two modules import each other, however far round; and no file is so
//! long that it holds several ideas.
//!
//! The test reads every file of `src`, leaves out comments, string
//! literals and `#[cfg(test)]` items, and takes as an import of module `B`
//! by module `A` every `use` of a path into `B` and every path into `B`
//! written out in `A` (`crate::b::f()`, `super::b::X`, `child::Y`). A
//! module's floor is its top-level module's, in [`FLOORS`]; a module the
//! map does not name fails the test until it is given a floor.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Each top-level module and its floor, from the bottom: the primitives,
/// the model, the analyses, what only front ends need.
const FLOORS: [(&str, usize); 25] = [
    ("limits", 0),
    ("rules", 0),
    ("rng", 0),
    ("board", 1),
    ("game", 1),
    ("input", 1),
    ("words", 1),
    ("shortest", 2),
    ("brute", 2),
    ("markov", 2),
    ("duel", 2),
    ("export", 2),
    ("race", 2),
    ("simulate", 2),
    ("random", 2),
    ("check", 2),
    ("variant", 2),
    ("leetcode", 2),
    ("presets", 2),
    ("design", 2),
    ("sparse", 2),
    ("choice", 2),
    ("plan", 3),
    ("answer", 3),
    // The crate root re-exports the main types of every floor.
    ("", 4),
];

/// The names of the floors, for messages.
const FLOOR_NAMES: [&str; 5] = [
    "the primitives",
    "the model",
    "the analyses",
    "the top",
    "the root",
];

/// Circles of modules that stand as the code is written now: each a debt
/// to pay by moving what its modules share into one of its own. The test
/// fails when one is paid, so that it comes off this list, and when any
/// other circle appears. None stands today.
const KNOWN_CIRCLES: &[&[&str]] = &[];

#[test]
fn no_import_runs_up_a_floor_or_round_in_a_circle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = Graph::read(&src);
    assert!(
        graph.modules.len() > 20,
        "the sources were not found in {}",
        src.display()
    );
    let floor_of = |m: &str| -> usize {
        let top = m.split("::").next().unwrap_or("");
        FLOORS.iter().find(|(name, _)| *name == top).map_or_else(
            || panic!("module `{m}` has no floor: add `{top}` to FLOORS"),
            |&(_, floor)| floor,
        )
    };
    let mut wrong = Vec::new();
    for (from, targets) in &graph.edges {
        let (f, top) = (floor_of(from), from.split("::").next().unwrap_or(""));
        for to in targets {
            let t = floor_of(to);
            let same_family = to.split("::").next() == Some(top);
            if f == 0 && !same_family {
                wrong.push(format!("`{from}` is a primitive but imports `{to}`"));
            } else if t > f {
                wrong.push(format!(
                    "`{from}` ({}) imports `{to}` ({}), a floor up",
                    FLOOR_NAMES[f], FLOOR_NAMES[t]
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against the floors:\n{}",
        wrong.join("\n")
    );

    let circles = graph.circles();
    let known: Vec<Vec<String>> = KNOWN_CIRCLES
        .iter()
        .map(|c| c.iter().map(|m| (*m).to_string()).collect())
        .collect();
    // Each circle on a line: `a <-> b <-> c`.
    let lines = |among: &[Vec<String>], without: &[Vec<String>]| -> String {
        let rows: Vec<String> = among
            .iter()
            .filter(|c| !without.contains(c))
            .map(|c| c.join(" <-> "))
            .collect();
        rows.join("\n")
    };
    let new = lines(&circles, &known);
    assert!(
        new.is_empty(),
        "modules that import each other, round in a circle:\n{new}"
    );
    let paid = lines(&known, &circles);
    assert!(
        paid.is_empty(),
        "circles no longer there; take them off KNOWN_CIRCLES:\n{paid}"
    );
}

/// The module map in the crate docs (`lib.rs`: a `Floor N` line, then a
/// bullet `- [`name`]` for each module of that floor) names the same
/// modules on the same floors as [`FLOORS`], and the crate declares each.
#[test]
fn the_crate_docs_map_the_floors() {
    let lib = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs"))
        .expect("the crate root");
    let mut floor = None;
    let mut documented = BTreeMap::new();
    for line in lib.lines().filter_map(|l| l.strip_prefix("//!")) {
        let line = line.trim_start();
        if let Some(rest) = line.strip_prefix("Floor ") {
            let n: String = rest.chars().take_while(char::is_ascii_digit).collect();
            floor = Some(n.parse::<usize>().expect("a floor number after `Floor `"));
        } else if let Some(rest) = line.strip_prefix("- [`") {
            let name = rest.split('`').next().expect("a module name");
            let floor = floor.unwrap_or_else(|| panic!("`{name}` is listed before any floor"));
            assert!(
                documented.insert(name.to_string(), floor).is_none(),
                "`{name}` is listed twice in the crate docs"
            );
        }
    }
    let want: BTreeMap<String, usize> = FLOORS
        .iter()
        .filter(|(name, _)| !name.is_empty())
        .map(|&(name, floor)| (name.to_string(), floor))
        .collect();
    assert_eq!(
        documented, want,
        "the crate docs' module map and FLOORS differ"
    );
    let declared: BTreeSet<String> = lib
        .lines()
        .filter_map(|l| l.strip_prefix("pub mod ")?.strip_suffix(';'))
        .map(String::from)
        .collect();
    let listed: BTreeSet<String> = want.keys().cloned().collect();
    assert_eq!(declared, listed, "the crate's modules and FLOORS differ");
}

#[test]
fn the_reader_finds_imports_in_every_form() {
    let code = r#"
        //! crate::words in a comment is no import.
        use crate::board::{self, Jump};
        use super::{cost::{self, Measure}, Moments as M};
        pub(crate) use child::Thing;
        mod child;
        fn f() -> &'static str { let _ = crate::rules::Rules::default(); "crate::game" }
        #[cfg(test)]
        mod tests { use crate::presets; }
    "#;
    let found = imports(
        code,
        "markov::stats",
        &modules(&[
            "board",
            "rules",
            "game",
            "words",
            "presets",
            "markov",
            "markov::cost",
            "markov::stats",
            "markov::stats::child",
        ]),
    );
    let want: BTreeSet<String> = [
        "board",
        "rules",
        "markov",
        "markov::cost",
        "markov::stats::child",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    assert_eq!(found, want);
}

fn modules(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|s| (*s).to_string()).collect()
}

/// Which module imports which.
struct Graph {
    modules: BTreeSet<String>,
    edges: BTreeMap<String, BTreeSet<String>>,
}

impl Graph {
    fn read(src: &Path) -> Graph {
        let mut files = Vec::new();
        collect(src, src, &mut files);
        let modules: BTreeSet<String> = files.iter().map(|(m, _)| m.clone()).collect();
        let edges = files
            .iter()
            .map(|(m, text)| (m.clone(), imports(text, m, &modules)))
            .collect();
        Graph { modules, edges }
    }

    /// The groups of more than one module that all reach each other
    /// (Tarjan's strongly connected components), each sorted.
    fn circles(&self) -> Vec<Vec<String>> {
        struct Tarjan<'g> {
            g: &'g Graph,
            index: BTreeMap<&'g str, usize>,
            low: BTreeMap<&'g str, usize>,
            stack: Vec<&'g str>,
            on: BTreeSet<&'g str>,
            out: Vec<Vec<String>>,
        }
        impl<'g> Tarjan<'g> {
            fn visit(&mut self, v: &'g str) {
                let i = self.index.len();
                self.index.insert(v, i);
                self.low.insert(v, i);
                self.stack.push(v);
                self.on.insert(v);
                for w in self.g.edges.get(v).into_iter().flatten() {
                    let w = w.as_str();
                    if !self.index.contains_key(w) {
                        self.visit(w);
                        let lw = self.low[w];
                        let lv = self.low.get_mut(v).expect("visited");
                        *lv = (*lv).min(lw);
                    } else if self.on.contains(w) {
                        let iw = self.index[w];
                        let lv = self.low.get_mut(v).expect("visited");
                        *lv = (*lv).min(iw);
                    }
                }
                if self.low[v] == self.index[v] {
                    let mut group = Vec::new();
                    while let Some(w) = self.stack.pop() {
                        self.on.remove(w);
                        group.push(w.to_string());
                        if w == v {
                            break;
                        }
                    }
                    if group.len() > 1 {
                        group.sort();
                        self.out.push(group);
                    }
                }
            }
        }
        let mut t = Tarjan {
            g: self,
            index: BTreeMap::new(),
            low: BTreeMap::new(),
            stack: Vec::new(),
            on: BTreeSet::new(),
            out: Vec::new(),
        };
        for m in &self.modules {
            if !t.index.contains_key(m.as_str()) {
                t.visit(m);
            }
        }
        t.out.sort();
        t.out
    }
}

/// A smoke alarm, not the rule: the rule is one idea a file, named for
/// it, and a file past this many lines is looked at again for the ideas
/// it holds, and split by them.
const MOST_LINES: usize = 1500;

#[test]
fn a_file_so_long_it_may_hold_several_ideas_is_looked_at_again() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    collect(&root, &root, &mut files);
    let long: Vec<String> = files
        .iter()
        .filter(|(_, text)| text.lines().count() > MOST_LINES)
        .map(|(module, text)| format!("`{module}`: {} lines", text.lines().count()))
        .collect();
    assert!(
        long.is_empty(),
        "files over {MOST_LINES} lines, to split by what they hold:\n{}",
        long.join("\n")
    );
}

/// Every `.rs` file under `dir` with its module path (`markov::chain`; the
/// crate root is the empty path).
fn collect(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path
                .strip_prefix(root)
                .expect("under the root")
                .with_extension("");
            let mut parts: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if parts.last().is_some_and(|p| p == "mod") || parts == ["lib"] {
                parts.pop();
            }
            // A test module in a file of its own is test code, as an
            // inline `#[cfg(test)] mod tests { .. }` is.
            if parts.last().is_some_and(|p| p == "tests") && declared_for_tests(&path) {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("a source file");
            out.push((parts.join("::"), text));
        }
    }
}

/// Whether `tests.rs` at `path` is declared `#[cfg(test)] mod tests;` by
/// its parent module (`mod.rs` beside it).
fn declared_for_tests(path: &Path) -> bool {
    let parent = path.with_file_name("mod.rs");
    std::fs::read_to_string(parent).is_ok_and(|text| text.contains("#[cfg(test)]\nmod tests;"))
}

/// The modules `text`, the source of module `here`, imports.
fn imports(text: &str, here: &str, modules: &BTreeSet<String>) -> BTreeSet<String> {
    let code = without_tests(&without_comments_and_strings(text));
    let children: BTreeSet<String> = words_after(&code, "mod")
        .into_iter()
        .filter(|(_, next)| *next == ';')
        .map(|(name, _)| name)
        .collect();
    let mut paths = Vec::new();
    for tree in use_trees(&code) {
        expand(&tree, "", &mut paths);
    }
    paths.extend(written_paths(&code, &children));
    let mut found = BTreeSet::new();
    for p in paths {
        if let Some(m) = resolve(&p, here, &children, modules)
            && m != here
            && !m.is_empty()
        {
            found.insert(m);
        }
    }
    found
}

/// `text` with comments replaced by nothing and string and character
/// literals by empty ones, so that neither is read as code.
fn without_comments_and_strings(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    while i < b.len() {
        if b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i..].starts_with(b"/*") {
            let mut depth = 0;
            while i < b.len() {
                if b[i..].starts_with(b"/*") {
                    depth += 1;
                    i += 2;
                } else if b[i..].starts_with(b"*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if b[i] == b'r' && (i == 0 || !ident(b[i - 1])) && raw_hashes(&b[i + 1..]).is_some()
        {
            let hashes = raw_hashes(&b[i + 1..]).expect("just checked");
            let mut close = vec![b'"'];
            close.extend(std::iter::repeat_n(b'#', hashes));
            i += 2 + hashes;
            while i < b.len() && !b[i..].starts_with(&close) {
                i += 1;
            }
            i += close.len();
            out.push_str("\"\"");
        } else if b[i] == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if b[i] == b'\'' && char_literal(&b[i..]).is_some() {
            i += char_literal(&b[i..]).expect("just checked");
            out.push_str("' '");
        } else {
            let len = text[i..].chars().next().map_or(1, char::len_utf8);
            out.push_str(&text[i..i + len]);
            i += len;
        }
    }
    out
}

/// After an `r`: the number of `#` of a raw string that starts here.
fn raw_hashes(b: &[u8]) -> Option<usize> {
    let hashes = b.iter().take_while(|&&c| c == b'#').count();
    (b.get(hashes) == Some(&b'"')).then_some(hashes)
}

/// The length of the character literal at the start of `b` (`'a'`,
/// `'\n'`, `'\u{1b}'`), or `None` for a lifetime.
fn char_literal(b: &[u8]) -> Option<usize> {
    if b.get(1) == Some(&b'\\') {
        let end = b[2..].iter().position(|&c| c == b'\'')?;
        return Some(end + 3);
    }
    let s = std::str::from_utf8(&b[1..b.len().min(6)]).unwrap_or_else(|e| {
        std::str::from_utf8(&b[1..=e.valid_up_to()]).expect("valid up to here")
    });
    let c = s.chars().next()?;
    (s[c.len_utf8()..].starts_with('\'')).then_some(c.len_utf8() + 2)
}

/// `code` without the items marked `#[cfg(test)]`.
fn without_tests(code: &str) -> String {
    let mut code = code.to_string();
    while let Some(at) = code.find("#[cfg(test)]") {
        let b = code.as_bytes();
        let mut j = at;
        while j < b.len() && b[j] != b'{' && b[j] != b';' {
            j += 1;
        }
        if j < b.len() && b[j] == b'{' {
            let mut depth = 0;
            while j < b.len() {
                match b[j] {
                    b'{' => depth += 1,
                    b'}' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
        }
        code.replace_range(at..(j + 1).min(code.len()), "");
    }
    code
}

/// Each identifier that follows the keyword `kw`, with the character after
/// it.
fn words_after(code: &str, kw: &str) -> Vec<(String, char)> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = find_word(rest, kw) {
        let after = rest[at + kw.len()..].trim_start();
        let name: String = after
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let next = after[name.len()..]
            .trim_start()
            .chars()
            .next()
            .unwrap_or(' ');
        if !name.is_empty() {
            out.push((name, next));
        }
        rest = &rest[at + kw.len()..];
    }
    out
}

/// Where the word `w` stands alone in `code`.
fn find_word(code: &str, w: &str) -> Option<usize> {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut from = 0;
    while let Some(k) = code[from..].find(w) {
        let at = from + k;
        let before = code[..at].chars().next_back();
        let after = code[at + w.len()..].chars().next();
        if !before.is_some_and(ident) && !after.is_some_and(ident) {
            return Some(at);
        }
        from = at + w.len();
    }
    None
}

/// The trees of every `use` item: `crate::{a, b::c}`.
fn use_trees(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = find_word(rest, "use") {
        let after = &rest[at + 3..];
        let end = after.find(';').unwrap_or(after.len());
        out.push(
            after[..end]
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" "),
        );
        rest = &after[end..];
    }
    out
}

/// The paths of a use tree, each with `prefix` before it.
fn expand(tree: &str, prefix: &str, out: &mut Vec<String>) {
    let tree = tree.trim();
    let join = |p: &str| {
        if prefix.is_empty() {
            p.to_string()
        } else {
            format!("{prefix}::{p}")
        }
    };
    if let Some(open) = tree.find('{') {
        let head: String = tree[..open].split_whitespace().collect();
        let head = head.trim_end_matches("::");
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        let mut depth = 0;
        let mut start = 0;
        for (i, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand(&inner[start..i], &join(head), out);
                    start = i + 1;
                }
                _ => {}
            }
        }
        expand(&inner[start..], &join(head), out);
    } else if !tree.is_empty() {
        // `a::b as c` imports `a::b`.
        let path: String = tree
            .split(" as ")
            .next()
            .unwrap_or(tree)
            .split_whitespace()
            .collect();
        out.push(join(path.trim_end_matches("::")));
    }
}

/// The paths written out in code that start at `crate`, `super`, `self` or
/// one of this module's children.
fn written_paths(code: &str, children: &BTreeSet<String>) -> Vec<String> {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut out = Vec::new();
    let chars: Vec<(usize, char)> = code.char_indices().collect();
    let mut k = 0;
    while k < chars.len() {
        let (at, c) = chars[k];
        let starts = ident(c) && (k == 0 || !(ident(chars[k - 1].1) || chars[k - 1].1 == ':'));
        if !starts {
            k += 1;
            continue;
        }
        // The longest `a::b::c` from here.
        let mut end = at;
        let rest = &code[at..];
        let mut segments = 0;
        let mut pos = 0;
        loop {
            let seg: usize = rest[pos..]
                .chars()
                .take_while(|&c| ident(c))
                .map(char::len_utf8)
                .sum();
            if seg == 0 {
                break;
            }
            segments += 1;
            pos += seg;
            end = at + pos;
            if rest[pos..].starts_with("::") && rest[pos + 2..].chars().next().is_some_and(ident) {
                pos += 2;
            } else {
                break;
            }
        }
        let path = &code[at..end];
        let first = path.split("::").next().unwrap_or("");
        if segments > 1 && (["crate", "super", "self"].contains(&first) || children.contains(first))
        {
            out.push(path.to_string());
        }
        while k < chars.len() && chars[k].0 < end {
            k += 1;
        }
    }
    out
}

/// The module a path leads into, from module `here`: its longest prefix
/// that is a module.
fn resolve(
    path: &str,
    here: &str,
    children: &BTreeSet<String>,
    modules: &BTreeSet<String>,
) -> Option<String> {
    let mut segs: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
    let mut at: Vec<&str> = if here.is_empty() {
        Vec::new()
    } else {
        here.split("::").collect()
    };
    match segs.first().copied() {
        Some("crate") => {
            at.clear();
            segs.remove(0);
        }
        Some("super" | "self") => {
            while let Some(&s) = segs.first() {
                match s {
                    "super" => {
                        at.pop();
                    }
                    "self" => {}
                    _ => break,
                }
                segs.remove(0);
            }
        }
        Some(first) if children.contains(first) => {}
        _ => return None,
    }
    let mut best = at.join("::");
    for s in segs {
        at.push(s);
        let candidate = at.join("::");
        if modules.contains(&candidate) {
            best = candidate;
        } else {
            break;
        }
    }
    Some(best)
}

/// The files where the front ends ask `solve` and `expect`, and what they
/// must not write there: they ask the library's one entry per question
/// (`snl::plan::solve`, `expect`, `best_within`), which picks the engine,
/// and never an engine or an analysis's parts themselves.
const FRONT_END_QUESTIONS: [&str; 6] = [
    "snl-cli/src/cmd/solve.rs",
    "snl-cli/src/cmd/expect.rs",
    "snl-web/src/analyse.rs",
    "snl-wasm/src/questions.rs",
    "snl-py/src/analysis.rs",
    "snl-py/src/board.rs",
];

/// What picks an engine or assembles an answer from an analysis's parts.
const PICKING: [&str; 13] = [
    "snl::sparse::",
    "sparse::shortest",
    "sparse::markov",
    "plan::engine",
    "markov::moments_with",
    "markov::stats_with",
    "markov::stats_from",
    "markov::exact_mean_with",
    "shortest::solve_with",
    "shortest::min_rolls_with",
    "shortest::count_optimal_with",
    "choice::solve_with",
    "choice::within_with",
];

#[test]
fn front_ends_ask_each_question_through_its_one_entry() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut found = Vec::new();
    for file in FRONT_END_QUESTIONS {
        let path = crates.join(file);
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for picking in PICKING {
                if code.contains(picking) {
                    found.push(format!("{file}:{}: {picking}", n + 1));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "front ends that pick an engine or assemble an analysis (ask snl::plan instead):\n{}",
        found.join("\n")
    );
}
