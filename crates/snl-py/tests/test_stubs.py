"""The type stubs describe the module as it is, so editors complete it."""

import ast
import inspect
import pathlib

import snl

STUBS = pathlib.Path(snl.__file__).with_name("__init__.pyi")


def stub_classes():
    tree = ast.parse(STUBS.read_text())
    classes = {}
    functions = set()
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            classes[node.name] = {
                item.name for item in node.body if isinstance(item, ast.FunctionDef)
            } | {
                item.target.id for item in node.body
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
            }
        elif isinstance(node, ast.FunctionDef):
            functions.add(node.name)
    return classes, functions


def test_the_package_ships_stubs_and_py_typed():
    assert STUBS.is_file()
    assert STUBS.with_name("py.typed").is_file()


def test_stubs_name_every_public_class_method_and_property():
    classes, functions = stub_classes()
    for name in snl.__all__:
        obj = getattr(snl, name)
        if inspect.isclass(obj):
            assert name in classes, f"class {name} is missing from the stubs"
            if issubclass(obj, BaseException):
                continue
            public = {a for a in vars(obj) if not a.startswith("__")}
            assert public <= classes[name], f"{name}: {sorted(public - classes[name])} not in the stubs"
            assert {m for m in classes[name] if not m.startswith("__")} <= public, name
            # A special method in the stubs (``__len__``) is the class's own.
            special = {m for m in classes[name] if m.startswith("__")}
            assert all(m in vars(obj) for m in special - {"__init__", "__eq__", "__hash__"}), name
        elif callable(obj):
            assert name in functions, name


def test_stub_signatures_match_the_module():
    classes, _ = stub_classes()
    tree = ast.parse(STUBS.read_text())
    board = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Board")
    for item in board.body:
        if not isinstance(item, ast.FunctionDef) or item.name.startswith("__"):
            continue
        if any(isinstance(d, ast.Name) and d.id == "property" for d in item.decorator_list):
            continue
        runtime = inspect.signature(getattr(snl.Board, item.name))
        names = [a.arg for a in item.args.posonlyargs + item.args.args + item.args.kwonlyargs]
        if names and names[0] == "self":
            names = names[1:]
        got = [p for p in runtime.parameters if p not in ("self", "changes")]
        takes_changes = "changes" in runtime.parameters
        if not takes_changes:
            assert names == got, f"Board.{item.name}: stub {names}, module {got}"
        else:
            assert names[: len(got)] == got, item.name
