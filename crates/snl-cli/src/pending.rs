//! Stand-ins for the library's board-reading, preset and checking modules
//! until they land; the command line is written against their interface.

#![allow(dead_code, clippy::pedantic)]

pub mod input {
    use std::fmt;
    use std::str::FromStr;

    use snl::{BoardSpec, Die, Finish, Origin, RawJump, Rules, Start};

    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Format {
        Grid,
        Moves,
        Pairs,
        PairsText,
    }

    impl fmt::Display for Format {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str(match self {
                Format::Grid => "grid",
                Format::Moves => "moves",
                Format::Pairs => "pairs",
                Format::PairsText => "pairs-text",
            })
        }
    }

    impl FromStr for Format {
        type Err = String;
        fn from_str(s: &str) -> Result<Format, String> {
            match s {
                "grid" => Ok(Format::Grid),
                "moves" => Ok(Format::Moves),
                "pairs" => Ok(Format::Pairs),
                "pairs-text" => Ok(Format::PairsText),
                _ => Err(format!("unknown format {s}")),
            }
        }
    }

    #[derive(Debug, Clone, Default, PartialEq, Eq)]
    pub struct RulesPatch {
        pub die: Option<Die>,
        pub finish: Option<Finish>,
        pub chain: Option<bool>,
        pub start: Option<Start>,
    }

    impl RulesPatch {
        pub fn apply(&self, rules: &mut Rules) {
            if let Some(d) = &self.die {
                rules.die = d.clone();
            }
            if let Some(f) = self.finish {
                rules.finish = f;
            }
            if let Some(c) = self.chain {
                rules.chain = c;
            }
            if let Some(s) = self.start {
                rules.start = s;
            }
        }
    }

    #[derive(Debug, Clone)]
    pub struct ParsedBoard {
        pub format: Format,
        pub spec: BoardSpec,
        pub rules: RulesPatch,
        pub name: Option<String>,
    }

    #[derive(Debug, Clone, Default)]
    pub struct ParseOptions {
        pub format: Option<Format>,
        pub squares: Option<u64>,
    }

    #[derive(Debug, Clone)]
    pub struct ParseError(String);

    impl fmt::Display for ParseError {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str(&self.0)
        }
    }

    impl std::error::Error for ParseError {}

    fn err(s: impl Into<String>) -> ParseError {
        ParseError(s.into())
    }

    fn num(v: &serde_json::Value) -> Result<i64, ParseError> {
        v.as_i64()
            .ok_or_else(|| err(format!("{v} is not a whole number")))
    }

    pub fn parse(bytes: &[u8], opts: &ParseOptions) -> Result<ParsedBoard, ParseError> {
        let text = std::str::from_utf8(bytes).map_err(|_| err("not UTF-8"))?;
        if text.trim().is_empty() {
            return Err(err("the input is empty"));
        }
        if opts.format == Some(Format::PairsText) {
            let n = opts
                .squares
                .ok_or_else(|| err("pairs-text needs --squares"))?;
            let nums: Vec<u64> = text
                .split_whitespace()
                .map(|w| w.parse().map_err(|_| err(format!("`{w}` is not a number"))))
                .collect::<Result<_, _>>()?;
            let mut jumps = Vec::new();
            let mut i = 0;
            let mut list = 0;
            while i < nums.len() {
                let k = nums[i] as usize;
                if nums.len() < i + 1 + 2 * k {
                    return Err(err(format!("{k} pairs announced, fewer given")));
                }
                for j in 0..k {
                    let (from, to) = (nums[i + 1 + 2 * j], nums[i + 2 + 2 * j]);
                    jumps.push(RawJump {
                        from,
                        to,
                        declared: None,
                        origin: if list == 0 {
                            Origin::Ladder { index: j }
                        } else {
                            Origin::Snake { index: j }
                        },
                    });
                }
                i += 1 + 2 * k;
                list += 1;
            }
            return Ok(ParsedBoard {
                format: Format::PairsText,
                spec: BoardSpec { squares: n, jumps },
                rules: RulesPatch::default(),
                name: None,
            });
        }
        let v: serde_json::Value =
            serde_json::from_str(text).map_err(|e| err(format!("not JSON: {e}")))?;
        if opts.format == Some(Format::Grid)
            && !v.as_array().is_some_and(|r| r.iter().all(|r| r.is_array()))
        {
            return Err(err("a grid is a JSON array of rows"));
        }
        let mut rules = RulesPatch::default();
        let mut name = None;
        let mut body = &v;
        if let Some(o) = v.as_object() {
            name = o.get("name").and_then(|n| n.as_str()).map(String::from);
            if let Some(r) = o.get("rules").and_then(|r| r.as_object()) {
                if let Some(f) = r.get("faces").and_then(|f| f.as_u64()) {
                    rules.die = Some(Die::uniform(f as u32).map_err(|e| err(e.to_string()))?);
                }
                if let Some(f) = r.get("finish").and_then(|f| f.as_str()) {
                    rules.finish =
                        Some(f.parse().map_err(|e: snl::RulesError| err(e.to_string()))?);
                }
                rules.chain = r.get("chain").and_then(|c| c.as_bool());
                rules.start = r
                    .get("start")
                    .and_then(|s| s.as_u64())
                    .and_then(Start::from_position);
            }
            if let Some(g) = o.get("grid") {
                body = g;
            } else if let Some(m) = o.get("moves") {
                body = m;
            }
        }
        if let Some(rows) = body.as_array() {
            if rows.first().is_some_and(|r| r.is_array()) {
                let n = rows.len();
                let mut jumps = Vec::new();
                for (r, row) in rows.iter().enumerate() {
                    let row = row
                        .as_array()
                        .ok_or_else(|| err("grid rows must be arrays"))?;
                    if row.len() != n {
                        return Err(err(format!(
                            "grid row {r} has {} cells; a grid of {n} rows needs {n}",
                            row.len()
                        )));
                    }
                    for (c, cell) in row.iter().enumerate() {
                        let x = num(cell)?;
                        if x != -1 {
                            let from_bottom = n - 1 - r;
                            let col = if from_bottom % 2 == 0 { c } else { n - 1 - c };
                            let sq = (from_bottom * n + col + 1) as u64;
                            jumps.push(RawJump {
                                from: sq,
                                to: x.max(0) as u64,
                                declared: None,
                                origin: Origin::Grid { row: r, col: c },
                            });
                        }
                    }
                }
                return Ok(ParsedBoard {
                    format: Format::Grid,
                    spec: BoardSpec {
                        squares: (n * n) as u64,
                        jumps,
                    },
                    rules,
                    name,
                });
            }
            let mut jumps = Vec::new();
            for (i, m) in rows.iter().enumerate() {
                let x = num(m)?;
                if x != -1 {
                    jumps.push(RawJump {
                        from: i as u64 + 1,
                        to: (x + 1).max(0) as u64,
                        declared: None,
                        origin: Origin::Moves { index: i },
                    });
                }
            }
            return Ok(ParsedBoard {
                format: Format::Moves,
                spec: BoardSpec {
                    squares: rows.len() as u64,
                    jumps,
                },
                rules,
                name,
            });
        }
        let o = v.as_object().ok_or_else(|| err("not a board"))?;
        let squares = o
            .get("squares")
            .and_then(|s| s.as_u64())
            .ok_or_else(|| err("missing squares"))?;
        let mut jumps = Vec::new();
        for (key, kind) in [
            ("ladders", snl::JumpKind::Ladder),
            ("snakes", snl::JumpKind::Snake),
        ] {
            for (i, p) in o
                .get(key)
                .and_then(|l| l.as_array())
                .into_iter()
                .flatten()
                .enumerate()
            {
                let p = p
                    .as_array()
                    .filter(|p| p.len() == 2)
                    .ok_or_else(|| err(format!("{key}[{i}] is not a [from, to] pair")))?;
                jumps.push(RawJump {
                    from: num(&p[0])?.max(0) as u64,
                    to: num(&p[1])?.max(0) as u64,
                    declared: Some(kind),
                    origin: if key == "ladders" {
                        Origin::Ladder { index: i }
                    } else {
                        Origin::Snake { index: i }
                    },
                });
            }
        }
        Ok(ParsedBoard {
            format: Format::Pairs,
            spec: BoardSpec { squares, jumps },
            rules,
            name,
        })
    }
}

pub mod presets {
    use super::input::{self, ParseError, ParseOptions, ParsedBoard};

    #[derive(Debug)]
    pub struct Preset {
        pub name: &'static str,
        pub title: &'static str,
        pub source: &'static str,
        pub text: &'static str,
    }

    impl Preset {
        pub fn parse(&self) -> Result<ParsedBoard, ParseError> {
            let mut b = input::parse(self.text.as_bytes(), &ParseOptions::default())?;
            b.name = Some(self.name.to_string());
            Ok(b)
        }
    }

    static ALL: [Preset; 2] = [
        Preset {
            name: "milton-bradley",
            title: "Milton Bradley Chutes and Ladders, chute 47->26",
            source: "Althoen, King & Schilling (1993)",
            text: r#"{"squares": 100, "rules": {"start": 0},
              "ladders": [[1,38],[4,14],[9,31],[21,42],[28,84],[36,44],[51,67],[71,91],[80,100]],
              "snakes": [[16,6],[47,26],[49,11],[56,53],[62,19],[64,60],[87,24],[93,73],[95,75],[98,78]]}"#,
        },
        Preset {
            name: "seed-20",
            title: "20 squares, ladders 2->19 and 12->15, snake 9->2",
            source: "seed problem",
            text: r#"{"squares": 20, "ladders": [[2,19],[12,15]], "snakes": [[9,2]]}"#,
        },
    ];

    pub fn all() -> &'static [Preset] {
        &ALL
    }

    pub fn find(name: &str) -> Option<&'static Preset> {
        ALL.iter().find(|p| p.name == name)
    }
}

pub mod check {
    use snl::{BoardSpec, Rules};

    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Severity {
        Error,
        Warning,
    }

    #[derive(Debug, Clone)]
    pub struct Diagnostic {
        pub severity: Severity,
        pub code: &'static str,
        pub message: String,
        pub squares: Vec<u32>,
    }

    pub fn check(spec: &BoardSpec, _rules: &Rules) -> Vec<Diagnostic> {
        spec.problems()
            .into_iter()
            .map(|p| Diagnostic {
                severity: Severity::Error,
                code: "board",
                message: p.to_string(),
                squares: vec![],
            })
            .collect()
    }
}
