//! Starting points for learners: a program in their language that reads a
//! board in the judge's form from standard input and prints an answer in
//! the form asked for, with one function left to write.
//!
//! Every template reads the board the same way, whatever its form: it takes
//! the whole numbers of the input in order (the judge writes each form with
//! its numbers in a fixed order), and builds `jump`, where `jump[s]` is the
//! square a ladder or snake from square `s` leads to, or 0 where none
//! starts. The function to write, `solve(n, jump)`, sits between two
//! marker lines, so that a test can put a solution there.

use std::fmt;
use std::str::FromStr;

use snl::input::Format;

use crate::reply::AnswerForm;

/// The line before the part to write.
pub const BEGIN: &str = "your code: begin";
/// The line after it.
pub const END: &str = "your code: end";

/// The languages there are templates for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Language {
    /// Python 3, standard library only.
    Python,
    /// JavaScript for Node.
    Js,
    /// Rust, standard library only (one file, `rustc solution.rs`).
    Rust,
    /// C++17, standard library only (`g++ -O2 solution.cpp`).
    Cpp,
    /// Java 11 or later, one file run as `java Main.java`.
    Java,
}

impl Language {
    /// Every language, in the order of their names.
    pub const ALL: [Language; 5] = [
        Language::Python,
        Language::Js,
        Language::Rust,
        Language::Cpp,
        Language::Java,
    ];

    /// `python`, `js` or `rust`.
    pub fn name(self) -> &'static str {
        match self {
            Language::Python => "python",
            Language::Js => "js",
            Language::Rust => "rust",
            Language::Cpp => "cpp",
            Language::Java => "java",
        }
    }

    /// The usual file name of a program.
    pub fn file(self) -> &'static str {
        match self {
            Language::Python => "solution.py",
            Language::Js => "solution.js",
            Language::Rust => "solution.rs",
            Language::Cpp => "solution.cpp",
            Language::Java => "Main.java",
        }
    }

    /// How to run it under the judge, for the template's head.
    pub fn run(self) -> &'static str {
        match self {
            Language::Python => "python3 solution.py",
            Language::Js => "node solution.js",
            Language::Rust => "./solution   (after rustc -O solution.rs)",
            Language::Cpp => "./solution   (after g++ -O2 -o solution solution.cpp)",
            Language::Java => "java Main.java",
        }
    }

    fn comment(self) -> &'static str {
        match self {
            Language::Python => "#",
            _ => "//",
        }
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Language {
    type Err = String;

    fn from_str(s: &str) -> Result<Language, String> {
        Language::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| format!("no template for `{s}`: write python, js, rust, cpp or java"))
    }
}

/// How the squares are laid out in the form's numbers, for the readers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Layout {
    /// N×N cells, top row first, numbered by LeetCode's winding.
    Grid,
    /// `n`, then `n` 0-based destinations (-1: none).
    Moves,
    /// The squares, then `[from, to]` pairs, ladders and snakes alike.
    Pairs,
    /// A count of ladders and their pairs, then of snakes and theirs, on
    /// a board of 100 squares.
    PairsText,
}

fn layout(format: Format) -> Layout {
    match format {
        Format::Grid => Layout::Grid,
        Format::Moves => Layout::Moves,
        Format::PairsText => Layout::PairsText,
        _ => Layout::Pairs,
    }
}

/// The template of `language` for boards in `format` and answers in
/// `form`, under the rules described by `rules` (in words, for its head).
pub fn template(language: Language, format: Format, form: AnswerForm, rules: &str) -> String {
    let c = language.comment();
    let mut head = vec![
        format!("{c} A solution for `snl judge --format {format} --answer {form}`."),
        format!(
            "{c} Run it: snl judge --format {format} --answer {form} -- {}",
            language.run()
        ),
        format!("{c} Rules: {rules}."),
        format!("{c} Print: {}.", form.asks().replacen("print ", "", 1)),
    ];
    head.push(String::new());
    let head = head.join("\n");
    let body = match language {
        Language::Python => python(layout(format), form),
        Language::Js => js(layout(format), form),
        Language::Rust => rust(layout(format), form),
        Language::Cpp => cpp(layout(format), form),
        Language::Java => java(layout(format), form),
    };
    format!("{head}\n{body}")
}

/// What `solve` returns, in words, for its doc comment.
fn returns(form: AnswerForm) -> &'static str {
    match form {
        AnswerForm::Rolls => {
            "the rolls of one game from square 1 to square n in the fewest rolls, or nothing when square n cannot be reached"
        }
        AnswerForm::Path => {
            "the squares the pawn rests on after each roll of one game from square 1 to square n in the fewest rolls, or nothing when square n cannot be reached"
        }
        AnswerForm::Count => {
            "how many sequences of rolls reach square n from square 1 in the fewest rolls (0 when none does)"
        }
        _ => "the fewest rolls from square 1 to square n, or -1 when square n cannot be reached",
    }
}

fn python(layout: Layout, form: AnswerForm) -> String {
    let read = match layout {
        Layout::Grid => {
            "    side = math.isqrt(len(nums))\n    n = side * side\n    jump = [0] * (n + 1)\n    for s in range(1, n + 1):\n        row, col = divmod(s - 1, side)\n        if row % 2 == 1:\n            col = side - 1 - col\n        cell = nums[(side - 1 - row) * side + col]\n        if cell != -1:\n            jump[s] = cell\n"
        }
        Layout::Moves => {
            "    n = nums[0]\n    jump = [0] * (n + 1)\n    for i, to in enumerate(nums[1:n + 1]):\n        if to != -1:\n            jump[i + 1] = to + 1\n"
        }
        Layout::Pairs => {
            "    n = nums[0]\n    jump = [0] * (n + 1)\n    for k in range(1, len(nums) - 1, 2):\n        jump[nums[k]] = nums[k + 1]\n"
        }
        Layout::PairsText => {
            "    n = 100\n    jump = [0] * (n + 1)\n    k = 0\n    for _ in range(2):\n        count = nums[k]\n        for j in range(count):\n            jump[nums[k + 1 + 2 * j]] = nums[k + 2 + 2 * j]\n        k += 1 + 2 * count\n"
        }
    };
    let (stub, print) = match form {
        AnswerForm::Rolls | AnswerForm::Path => (
            "    return None\n",
            "    route = solve(n, jump)\n    if route is None:\n        print(-1)\n    else:\n        print(len(route))\n        print(\" \".join(map(str, route)))\n",
        ),
        AnswerForm::Count => ("    return 0\n", "    print(solve(n, jump))\n"),
        _ => ("    return -1\n", "    print(solve(n, jump))\n"),
    };
    format!(
        "import math\nimport re\nimport sys\n\n\ndef read_board(text):\n    \"\"\"The squares n, and jump[s]: where a ladder or snake from square s\n    leads, 0 where none starts.\"\"\"\n    nums = [int(x) for x in re.findall(r\"-?\\d+\", text)]\n{read}    return n, jump\n\n\n# {BEGIN}\ndef solve(n, jump):\n    \"\"\"Return {}.\"\"\"\n{stub}# {END}\n\n\ndef main():\n    n, jump = read_board(sys.stdin.read())\n{print}\n\nif __name__ == \"__main__\":\n    main()\n",
        returns(form)
    )
}

fn js(layout: Layout, form: AnswerForm) -> String {
    let read = match layout {
        Layout::Grid => {
            "  const side = Math.round(Math.sqrt(nums.length));\n  const n = side * side;\n  const jump = new Array(n + 1).fill(0);\n  for (let s = 1; s <= n; s++) {\n    const row = Math.floor((s - 1) / side);\n    let col = (s - 1) % side;\n    if (row % 2 === 1) col = side - 1 - col;\n    const cell = nums[(side - 1 - row) * side + col];\n    if (cell !== -1) jump[s] = cell;\n  }\n"
        }
        Layout::Moves => {
            "  const n = nums[0];\n  const jump = new Array(n + 1).fill(0);\n  for (let i = 0; i < n; i++) {\n    if (nums[i + 1] !== -1) jump[i + 1] = nums[i + 1] + 1;\n  }\n"
        }
        Layout::Pairs => {
            "  const n = nums[0];\n  const jump = new Array(n + 1).fill(0);\n  for (let k = 1; k + 1 < nums.length; k += 2) jump[nums[k]] = nums[k + 1];\n"
        }
        Layout::PairsText => {
            "  const n = 100;\n  const jump = new Array(n + 1).fill(0);\n  let k = 0;\n  for (let part = 0; part < 2; part++) {\n    const count = nums[k];\n    for (let j = 0; j < count; j++) jump[nums[k + 1 + 2 * j]] = nums[k + 2 + 2 * j];\n    k += 1 + 2 * count;\n  }\n"
        }
    };
    let (stub, print) = match form {
        AnswerForm::Rolls | AnswerForm::Path => (
            "  return null;\n",
            "  const route = solve(n, jump);\n  if (route === null) {\n    console.log(-1);\n  } else {\n    console.log(route.length);\n    console.log(route.join(\" \"));\n  }\n",
        ),
        AnswerForm::Count => ("  return 0n;\n", "  console.log(String(solve(n, jump)));\n"),
        _ => ("  return -1;\n", "  console.log(solve(n, jump));\n"),
    };
    format!(
        "\"use strict\";\nconst fs = require(\"fs\");\n\n// The squares n, and jump[s]: where a ladder or snake from square s\n// leads, 0 where none starts.\nfunction readBoard(text) {{\n  const nums = (text.match(/-?\\d+/g) || []).map(Number);\n{read}  return [n, jump];\n}}\n\n// {BEGIN}\n// Return {}.\nfunction solve(n, jump) {{\n{stub}}}\n// {END}\n\nfunction main() {{\n  const [n, jump] = readBoard(fs.readFileSync(0, \"utf8\"));\n{print}}}\n\nmain();\n",
        returns(form)
    )
}

fn rust(layout: Layout, form: AnswerForm) -> String {
    let read = match layout {
        Layout::Grid => {
            "    let side = (nums.len() as f64).sqrt().round() as usize;\n    let n = side * side;\n    let mut jump = vec![0usize; n + 1];\n    for s in 1..=n {\n        let row = (s - 1) / side;\n        let mut col = (s - 1) % side;\n        if row % 2 == 1 {\n            col = side - 1 - col;\n        }\n        let cell = nums[(side - 1 - row) * side + col];\n        if cell != -1 {\n            jump[s] = cell as usize;\n        }\n    }\n"
        }
        Layout::Moves => {
            "    let n = nums[0] as usize;\n    let mut jump = vec![0usize; n + 1];\n    for i in 0..n {\n        if nums[i + 1] != -1 {\n            jump[i + 1] = nums[i + 1] as usize + 1;\n        }\n    }\n"
        }
        Layout::Pairs => {
            "    let n = nums[0] as usize;\n    let mut jump = vec![0usize; n + 1];\n    for pair in nums[1..].chunks(2) {\n        if let [from, to] = pair {\n            jump[*from as usize] = *to as usize;\n        }\n    }\n"
        }
        Layout::PairsText => {
            "    let n = 100;\n    let mut jump = vec![0usize; n + 1];\n    let mut k = 0;\n    for _ in 0..2 {\n        let count = nums[k] as usize;\n        for j in 0..count {\n            jump[nums[k + 1 + 2 * j] as usize] = nums[k + 2 + 2 * j] as usize;\n        }\n        k += 1 + 2 * count;\n    }\n"
        }
    };
    let (ret, stub, print) = match form {
        AnswerForm::Rolls | AnswerForm::Path => (
            "Option<Vec<usize>>",
            "    let _ = (n, jump);\n    None\n",
            "    match solve(n, &jump) {\n        None => println!(\"-1\"),\n        Some(route) => {\n            let words: Vec<String> = route.iter().map(|r| r.to_string()).collect();\n            println!(\"{}\\n{}\", route.len(), words.join(\" \"));\n        }\n    }\n",
        ),
        AnswerForm::Count => (
            "u128",
            "    let _ = (n, jump);\n    0\n",
            "    println!(\"{}\", solve(n, &jump));\n",
        ),
        _ => (
            "i64",
            "    let _ = (n, jump);\n    -1\n",
            "    println!(\"{}\", solve(n, &jump));\n",
        ),
    };
    format!(
        "use std::io::Read;\n\n/// The squares n, and jump[s]: where a ladder or snake from square s\n/// leads, 0 where none starts.\nfn read_board(text: &str) -> (usize, Vec<usize>) {{\n    let nums: Vec<i64> = text\n        .split(|c: char| !(c.is_ascii_digit() || c == '-'))\n        .filter_map(|w| w.parse().ok())\n        .collect();\n{read}    (n, jump)\n}}\n\n// {BEGIN}\n/// Return {}.\nfn solve(n: usize, jump: &[usize]) -> {ret} {{\n{stub}}}\n// {END}\n\nfn main() {{\n    let mut text = String::new();\n    std::io::stdin().read_to_string(&mut text).expect(\"a board on standard input\");\n    let (n, jump) = read_board(&text);\n{print}}}\n",
        returns(form)
    )
}

/// The board readers of the C-like languages: the same statements in C++
/// and Java, over `nums` (the numbers of the input) into `n` and `jump`.
fn c_like_read(layout: Layout, vector: &str) -> String {
    let body = match layout {
        Layout::Grid => {
            "    int side = 0;\n    while ((side + 1) * (side + 1) <= (int) NUMS_LEN) side++;\n    int n = side * side;\n    VEC\n    for (int s = 1; s <= n; s++) {\n        int row = (s - 1) / side, col = (s - 1) % side;\n        if (row % 2 == 1) col = side - 1 - col;\n        long cell = NUMS_AT((side - 1 - row) * side + col);\n        if (cell != -1) jump[s] = (int) cell;\n    }\n"
        }
        Layout::Moves => {
            "    int n = (int) NUMS_AT(0);\n    VEC\n    for (int i = 0; i < n; i++) {\n        if (NUMS_AT(i + 1) != -1) jump[i + 1] = (int) NUMS_AT(i + 1) + 1;\n    }\n"
        }
        Layout::Pairs => {
            "    int n = (int) NUMS_AT(0);\n    VEC\n    for (int k = 1; k + 1 < (int) NUMS_LEN; k += 2) jump[(int) NUMS_AT(k)] = (int) NUMS_AT(k + 1);\n"
        }
        Layout::PairsText => {
            "    int n = 100;\n    VEC\n    int k = 0;\n    for (int part = 0; part < 2; part++) {\n        int count = (int) NUMS_AT(k);\n        for (int j = 0; j < count; j++) jump[(int) NUMS_AT(k + 1 + 2 * j)] = (int) NUMS_AT(k + 2 + 2 * j);\n        k += 1 + 2 * count;\n    }\n"
        }
    };
    body.replace("VEC", vector)
}

fn cpp(layout: Layout, form: AnswerForm) -> String {
    let read = c_like_read(layout, "std::vector<int> jump(n + 1, 0);")
        .replace("NUMS_LEN", "nums.size()")
        .replace("NUMS_AT(", "nums.at(");
    let (ret, stub, print) = match form {
        AnswerForm::Rolls | AnswerForm::Path => (
            "std::optional<std::vector<int>>",
            "    (void) n; (void) jump;\n    return std::nullopt;\n",
            "    auto route = solve(n, jump);\n    if (!route) {\n        std::cout << -1 << \"\\n\";\n    } else {\n        std::cout << route->size() << \"\\n\";\n        for (size_t i = 0; i < route->size(); i++) std::cout << (i ? \" \" : \"\") << (*route)[i];\n        std::cout << \"\\n\";\n    }\n",
        ),
        AnswerForm::Count => (
            "unsigned long long",
            "    (void) n; (void) jump;\n    return 0;\n",
            "    std::cout << solve(n, jump) << \"\\n\";\n",
        ),
        _ => (
            "int",
            "    (void) n; (void) jump;\n    return -1;\n",
            "    std::cout << solve(n, jump) << \"\\n\";\n",
        ),
    };
    format!(
        "#include <iostream>\n#include <iterator>\n#include <optional>\n#include <regex>\n#include <string>\n#include <vector>\n\n// {BEGIN}\n// Return {}.\n// jump[s] is where a ladder or snake from square s leads, 0 where none starts.\n{ret} solve(int n, const std::vector<int>& jump) {{\n{stub}}}\n// {END}\n\nint main() {{\n    std::string text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());\n    std::vector<long> nums;\n    std::regex number(\"-?[0-9]+\");\n    for (auto it = std::sregex_iterator(text.begin(), text.end(), number); it != std::sregex_iterator(); ++it) nums.push_back(std::stol(it->str()));\n{read}{print}    return 0;\n}}\n",
        returns(form)
    )
}

fn java(layout: Layout, form: AnswerForm) -> String {
    let read = c_like_read(layout, "int[] jump = new int[n + 1];")
        .replace("NUMS_LEN", "nums.size()")
        .replace("NUMS_AT(", "nums.get(")
        .replace("\n    ", "\n        ")
        .replacen("    ", "        ", 1);
    let (ret, stub, print) = match form {
        AnswerForm::Rolls | AnswerForm::Path => (
            "List<Integer>",
            "        return null;\n",
            "        List<Integer> route = solve(n, jump);\n        if (route == null) {\n            System.out.println(-1);\n        } else {\n            System.out.println(route.size());\n            StringBuilder line = new StringBuilder();\n            for (int i = 0; i < route.size(); i++) line.append(i > 0 ? \" \" : \"\").append(route.get(i));\n            System.out.println(line);\n        }\n",
        ),
        AnswerForm::Count => (
            "BigInteger",
            "        return BigInteger.ZERO;\n",
            "        System.out.println(solve(n, jump));\n",
        ),
        _ => (
            "int",
            "        return -1;\n",
            "        System.out.println(solve(n, jump));\n",
        ),
    };
    format!(
        "import java.io.IOException;\nimport java.math.BigInteger;\nimport java.util.*;\nimport java.util.regex.*;\n\npublic class Main {{\n    // {BEGIN}\n    // Return {}.\n    // jump[s] is where a ladder or snake from square s leads, 0 where none starts.\n    static {ret} solve(int n, int[] jump) {{\n{stub}    }}\n    // {END}\n\n    public static void main(String[] args) throws IOException {{\n        String text = new String(System.in.readAllBytes());\n        List<Integer> nums = new ArrayList<>();\n        Matcher m = Pattern.compile(\"-?[0-9]+\").matcher(text);\n        while (m.find()) nums.add(Integer.parseInt(m.group()));\n{read}{print}    }}\n}}\n",
        returns(form)
    )
}
