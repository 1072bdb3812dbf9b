"""What the synthetic-app generators (bench/synth_*.py) share: writing an app's files and counting their
lines, the tree their features form, their command line, and the Swift text that is the same from family
to family (a table screen's viewDidLoad, data source and delegate, its date formatter and filler cell
methods, a feature's item model, `switch` over an index).

Each generator keeps its family's own templates; what the families share lives here once, so that a
change to the filler or the boilerplate reaches every family's apps alike. The generators run as scripts,
whose folder is on sys.path, so they `import synthlib`.
"""
import argparse
import os

UIKIT = "import UIKit\n\n"
FOUNDATION = "import Foundation\n\n"

# ---------------------------------------------------------------------------------------------
# Routes, files and the feature tree


VERBS = ["detail", "edit", "history", "settings", "share", "filter", "compose", "summary",
         "search", "archive", "preview", "export"]


def cap(s):
    return s[0].upper() + s[1:]


def route_name(r):
    """Route r's name: a verb and its number (`detail0`, `edit1`, ...)."""
    return f"{VERBS[r % len(VERBS)]}{r}"


def target_screen(r, screens):
    """The screen (1..S-1) route r shows; screen 0 is the feature's root."""
    return 1 + r % (screens - 1)


def sender_screen(r, screens):
    """The screen that sends route r."""
    return r % screens


class AppWriter:
    """Writes an app's files below `out` (making the folders they need) and counts their lines."""

    def __init__(self, out):
        self.out = out
        self.lines = 0
        os.makedirs(out, exist_ok=True)

    def write(self, rel, text):
        """Writes `text` to the file `rel` below `out`; returns its line count, which `lines` adds up."""
        path = os.path.join(self.out, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
        n = text.count("\n")
        self.lines += n
        return n


def children(i, features, first, fanout):
    """Feature i's children in a tree of `features` features where those from `first` on are children of
    earlier ones, `fanout` per parent in order (feature c's parent is (c - first) // fanout)."""
    return [c for c in range(first + fanout * i, first + fanout * (i + 1)) if c < features]


def tab_tree(features, tabs, fanout):
    """The tree of an app whose first `tabs` features (at least one, at most all) are tabs and whose other
    features are children, `fanout` per parent. Returns (the tabs, parent of each child feature, children
    of each feature)."""
    tab_ids = list(range(max(1, min(tabs, features))))
    kids = {i: children(i, features, len(tab_ids), fanout) for i in range(features)}
    parent = {c: p for p, cs in kids.items() for c in cs}
    return tab_ids, parent, kids


# ---------------------------------------------------------------------------------------------
# Command line


# Help for the shape flags whose meaning is the same in every family that takes them.
SHAPE_HELP = {
    "tabs": "features attached to the tab bar",
    "fanout": "child features per non-leaf feature",
    "padding": "filler table-cell methods per screen",
}


def arg_parser(**shape):
    """A parser for `OUT_DIR --features N` and integer shape flags, each given as `name=default` (with the
    help in SHAPE_HELP) or `name=(default, help)`, `_` in a name standing for `-`. The family adds its
    other flags."""
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--features", type=int, required=True, help="feature coordinators (N)")
    for name, spec in shape.items():
        default, text = spec if isinstance(spec, tuple) else (spec, SHAPE_HELP[name])
        ap.add_argument("--" + name.replace("_", "-"), type=int, default=default, help=text)
    return ap


# ---------------------------------------------------------------------------------------------
# Swift text


def indent(text, by=8):
    """`text` with each line that is not empty moved right by `by` spaces (8: a method's body)."""
    return "\n".join(" " * by + line if line else line for line in text.split("\n"))


def index_switch(cases, default, subject="indexPath.row"):
    """`switch subject` whose case k runs the statement cases[k], and `default` otherwise."""
    arms = "\n".join(f"case {k}:\n    {stmt}" for k, stmt in enumerate(cases))
    return f"switch {subject} {{\n{arms}\ndefault:\n    {default}\n}}"


def item_struct(name, extra=""):
    """The model a feature's screens list, with the members `extra` (indented as members) after it."""
    more = "\n" + extra if extra else ""
    return f"""struct {name}: Hashable {{
    let id: UUID
    let title: String
    let date: Date
    var isFavourite: Bool
{more}}}
"""


ANALYTICS = """/// Tiny stand-in for the analytics SDK.
enum Analytics {
    static func log(_ event: String, _ parameters: [String: String] = [:]) {
        #if DEBUG
        print("[analytics]", event, parameters)
        #endif
    }
}
"""


def date_formatter(time_style=".short"):
    """A screen's `formatter`: medium dates, with times in `time_style` (None: no times)."""
    time = f"        f.timeStyle = {time_style}\n" if time_style else ""
    return f"""    private let formatter: DateFormatter = {{
        let f = DateFormatter()
        f.dateStyle = .medium
{time}        return f
    }}()
"""


REGISTER_CELL = 'tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")'

# A list screen's button that ends its flow (the screen has `closeTapped`).
CLOSE_BUTTON = """navigationItem.rightBarButtonItem = UIBarButtonItem(
    barButtonSystemItem: .close, target: self, action: #selector(closeTapped))"""


def did_load(body):
    """viewDidLoad running the statements `body` after super's."""
    return f"""    override func viewDidLoad() {{
        super.viewDidLoad()
{indent(body)}
    }}
"""


def table_did_load(title=None, then=""):
    """A UITableViewController's viewDidLoad: its title (a Swift expression; None: none), the "Cell"
    registration, then the statements `then`."""
    body = ([f"title = {title}"] if title else []) + [REGISTER_CELL] + ([then] if then else [])
    return did_load("\n".join(body))


def list_did_load(title, then=""):
    """viewDidLoad of a list screen that is a plain UIViewController over a table view it is the data
    source and delegate of: its title (a Swift expression), the close button, the table's wiring, then the
    statements `then`."""
    body = [f"title = {title}", CLOSE_BUTTON, "tableView.dataSource = self", "tableView.delegate = self",
            REGISTER_CELL] + ([then] if then else [])
    return did_load("\n".join(body))


def bar_buttons(buttons):
    """The statement that sets a screen's right bar buttons (Swift expressions)."""
    items = ",\n    ".join(buttons)
    return f"navigationItem.rightBarButtonItems = [\n    {items}\n]"


def table_methods(count, cell, select):
    """A UITableViewController's data source and delegate: `count` rows (an expression), each cell dequeued
    as "Cell" and set up by the statements `cell`, and the statements `select` run on a tap once the row is
    deselected."""
    return f"""    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {{
{indent(count)}
    }}

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {{
        let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
{indent(cell)}
        return cell
    }}

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {{
        tableView.deselectRow(at: indexPath, animated: true)
{indent(select)}
    }}
"""


def section_padding(n, items="items", row="row", optional=False):
    """`n` filler methods `configureSectionP(_:at:)`, so that screens are about as long as real ones; each
    sets a cell up from an element (`row`) of `items` (`optional`: an optional chain, as `store?.items`)."""
    count = f"{items}.count ?? 0" if optional else f"{items}.count"
    title = f'{row}?.title ?? ""' if optional else f"{row}.title"
    date = f"{row}?.date ?? Date()" if optional else f"{row}.date"
    favourite = f"{row}?.isFavourite == true" if optional else f"{row}.isFavourite"
    return "\n".join(f"""    private func configureSection{p}(_ cell: UITableViewCell, at indexPath: IndexPath) {{
        let {row} = {items}[indexPath.row % max({count}, 1)]
        var content = cell.defaultContentConfiguration()
        content.text = "\\({title}) — section {p}"
        content.secondaryText = formatter.string(from: {date})
        content.image = UIImage(systemName: {favourite} ? "star.fill" : "star")
        cell.contentConfiguration = content
        cell.accessoryType = {favourite} ? .checkmark : .disclosureIndicator
    }}
""" for p in range(n))
