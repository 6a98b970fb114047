"""The core's documentation holds: every example runs as written, and every public name is documented.

The examples are doctests in the numpydoc ``Examples`` sections; the structural check asks of every
public callable in ``nbviz.core.__all__`` (and of the public methods of its classes) a docstring with
a ``Parameters`` section where it takes arguments and a ``Returns`` section where it returns a value.
"""

import ast
import doctest
import importlib
import inspect
import pkgutil
import textwrap

import pytest

import nbviz.core as nc

MODULES = sorted(info.name for info in pkgutil.walk_packages(nc.__path__, prefix="nbviz.core."))


@pytest.mark.parametrize("name", ["nbviz.core", *MODULES])
def test_every_example_in_the_core_runs_as_written(name):
    module = importlib.import_module(name)
    assert (module.__doc__ or "").strip(), f"{name} has no module docstring saying what it is for"
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    for test in finder.find(module, name, globs={}):
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} doctest example(s) of {name} failed (see the output above)"


def _main_entry_points():
    return [
        nc.EM,
        nc.e_step,
        nc.m_step,
        nc.init_model,
        nc.fit_naive_bayes,
        nc.bic,
        nc.aic,
        nc.icl,
        nc.select_components,
        nc.match_components,
        nc.bound_slice,
        nc.load_data,
        nc.GaussianMixture,
        nc.BernoulliMixture,
        nc.MultinomialMixture,
        nc.Mixture.score_samples,
        nc.Mixture.component_log_density,
    ]


@pytest.mark.parametrize("entry", _main_entry_points(), ids=lambda entry: entry.__qualname__)
def test_the_main_entry_points_have_examples(entry):
    assert ">>> " in (inspect.getdoc(entry) or ""), f"{entry.__qualname__} has no Examples section"


def _public_callables():
    """(qualified name, object, kind) for every public function, class, method and property."""
    exported = [value for value in map(lambda name: getattr(nc, name), nc.__all__) if inspect.isclass(value)]
    for name in nc.__all__:
        value = getattr(nc, name)
        if inspect.isfunction(value):
            yield name, value, "function"
        elif inspect.isclass(value):
            yield name, value, "class"
            if issubclass(value, BaseException):
                continue
            # its own members and those of the unexported bases it is assembled from (Mixture's
            # Scoring and Slicing); an exported base's members are listed under its own name
            inherited = {base for parent in value.__mro__[1:] if parent in exported for base in parent.__mro__}
            owners = [value] + [base for base in value.__mro__[1:] if base not in inherited and base is not object]
            members: dict = {}
            for owner in reversed(owners):
                members.update(vars(owner))
            for attribute, member in members.items():
                if attribute.startswith("_"):
                    continue
                if isinstance(member, property):
                    yield f"{name}.{attribute}", member.fget, "property"
                elif isinstance(member, (classmethod, staticmethod)):
                    yield f"{name}.{attribute}", member.__func__, "method"
                elif inspect.isfunction(member):
                    yield f"{name}.{attribute}", member, "method"


def _takes_arguments(function) -> bool:
    parameters = list(inspect.signature(function).parameters.values())
    return any(p.name not in ("self", "cls") for p in parameters)


def _returns_a_value(function) -> bool:
    """Whether the function's own body (not nested functions) has ``return <value>``."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    body = tree.body[0]

    def visit(node) -> bool:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
                continue
            if isinstance(child, ast.Return) and child.value is not None:
                if not (isinstance(child.value, ast.Constant) and child.value.value is None):
                    return True
            if visit(child):
                return True
        return False

    return visit(body)


def _doc(qualified: str, value) -> str:
    """The docstring, looked up along the class hierarchy for a method that overrides a documented one."""
    doc = inspect.getdoc(value)
    if doc is None and "." in qualified:
        owner, attribute = qualified.split(".", 1)
        doc = inspect.getdoc(getattr(getattr(nc, owner), attribute, None))
    return doc or ""


@pytest.mark.parametrize(
    ("qualified", "value", "kind"), list(_public_callables()), ids=lambda x: x if isinstance(x, str) else ""
)
def test_every_public_callable_is_documented_in_numpydoc(qualified, value, kind):
    doc = _doc(qualified, value)
    assert doc.strip(), f"{qualified} has no docstring"
    summary = doc.strip().splitlines()[0]
    assert summary.strip(), f"{qualified}'s docstring does not start with a one-line summary"
    if kind == "property":
        return  # a property's docstring says what it is; it has no parameters
    if kind == "class":
        init = value.__init__
        if init is not object.__init__ and _takes_arguments(init) and not issubclass(value, BaseException):
            assert "Parameters\n----------" in doc or "Attributes\n----------" in doc, (
                f"{qualified} takes arguments but its docstring has no Parameters or Attributes section"
            )
        return
    if _takes_arguments(value):
        assert "Parameters\n----------" in doc, f"{qualified} takes arguments but has no Parameters section"
    if _returns_a_value(value):
        assert "Returns\n-------" in doc, f"{qualified} returns a value but has no Returns section"
