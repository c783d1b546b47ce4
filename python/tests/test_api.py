"""ptxkit's Python API: lint, format, rewrite and requirements on strings."""

from __future__ import annotations

import json
import subprocess
import threading
import time

import pytest

import ptxkit

CLEAN = """\
.version 7.8
.target sm_80
.address_size 64

.visible .entry k(.param .u64 k_param_0)
{
    .reg .b32 %r<3>;
    .reg .b64 %rd<3>;

    ld.param.u64       %rd1, [k_param_0];
    cvta.to.global.u64 %rd2, %rd1;
    mov.u32            %r1, 1;
    st.global.u32      [%rd2], %r1;
    ret;
}
"""

UNDECLARED = CLEAN.replace("mov.u32            %r1, 1;", "mov.u32            %r1, %q;")
ROUNDING = CLEAN.replace(
    "    mov.u32            %r1, 1;\n",
    "    .reg .f32 %f<2>;\n    .reg .f64 %fd<2>;\n    cvt.f32.f64 %f1, %fd1;\n    mov.u32            %r1, 1;\n",
)

CUDA = """\
__global__ void k(int* p) {
  int d;
  asm("add.s32 %0, %1, %2;" : "=r"(d) : "r"(p[0]));
  p[1] = d;
}
"""


def test_clean_text_has_no_findings():
    assert ptxkit.lint(CLEAN) == []


def test_undeclared_register_is_found_where_it_is():
    findings = ptxkit.lint(UNDECLARED)
    assert [f.name for f in findings] == ["undeclared-register"]
    finding = findings[0]
    assert finding.code.startswith("PTX")
    assert finding.severity == "error"
    assert "%q" in finding.message
    line = UNDECLARED.splitlines()[finding.line - 1]
    assert line[finding.column - 1 : finding.end_column - 1] == "%q"
    assert finding.end_line == finding.line
    assert "undeclared-register" in repr(finding)


def test_fix_is_the_whole_fixed_text():
    findings = ptxkit.lint(ROUNDING)
    rounding = [f for f in findings if f.name == "missing-rounding-modifier"]
    assert rounding, findings
    fixed = rounding[0].fix
    assert fixed is not None and rounding[0].fix_safe is not None
    assert "cvt.rn.f32.f64" in fixed
    assert [f.name for f in ptxkit.lint(fixed)] == [f.name for f in findings if f is not rounding[0]]


def test_findings_equal_ptxlint_json(tmp_path, tool):
    path = tmp_path / "k.ptx"
    path.write_text(ROUNDING.replace("%r1, 1;", "%r1, %q;"))
    run = subprocess.run([tool("ptxlint"), "--format", "json", str(path)], capture_output=True, text=True)
    assert run.returncode == 1, run.stderr
    expected = [(d["code"], d["rule"], d["location"]["line"], d["location"]["column"]) for d in json.loads(run.stdout)]
    got = [(f.code, f.name, f.line, f.column) for f in ptxkit.lint(path.read_text())]
    assert got == expected


def test_select_ignore_target_and_version():
    assert ptxkit.lint(UNDECLARED, ignore=["undeclared-register"]) == []
    assert [f.name for f in ptxkit.lint(ROUNDING.replace("%r1, 1", "%r1, %q"), select=["missing-rounding-modifier"])] == [
        "missing-rounding-modifier"
    ]
    # As if the text said .target sm_70: wgmma needs sm_90a.
    assert ptxkit.lint(CLEAN, target="sm_90a") == []
    assert ptxkit.lint(CLEAN, ptx_version="8.0") == []


@pytest.mark.parametrize(
    "kwargs, error",
    [
        ({"select": ["no-such-rule"]}, ValueError),
        ({"ignore": ["PTX9999"]}, ValueError),
        ({"target": "sm_9000x"}, ValueError),
        ({"ptx_version": "seven"}, ValueError),
        ({"language": "rust"}, ValueError),
        ({"select": [1, 2]}, TypeError),
        ({"target": 90}, TypeError),
    ],
)
def test_bad_lint_arguments_raise(kwargs, error):
    with pytest.raises(error):
        ptxkit.lint(CLEAN, **kwargs)


def test_wrong_text_type_raises_type_error():
    for bad in (None, b".version 7.8", 42):
        with pytest.raises(TypeError):
            ptxkit.lint(bad)
        with pytest.raises(TypeError):
            ptxkit.format(bad)


def test_syntax_errors_are_findings_not_exceptions():
    findings = ptxkit.lint(".version 7.8\n.target sm_80\n.entry k() { add.s32 %r1 }\n")
    assert "syntax-error" in [f.name for f in findings]


def test_cuda_asm_operand_error():
    findings = ptxkit.lint(CUDA, language="cuda")
    assert "asm-operand-index-out-of-range" in [f.name for f in findings]
    finding = next(f for f in findings if f.name == "asm-operand-index-out-of-range")
    assert finding.line == 3
    assert ptxkit.lint("int main() { return 0; }\n", language="cuda") == []


def test_format_equals_ptxfmt(root, tool):
    for path in sorted((root / "examples").rglob("*.ptx")):
        text = path.read_text()
        messy = "\n".join(line.strip() for line in text.splitlines()) + "\n"
        run = subprocess.run([tool("ptxfmt"), "-"], input=messy, capture_output=True, text=True)
        assert run.returncode == 0, run.stderr
        assert ptxkit.format(messy) == run.stdout, path
        assert ptxkit.format(run.stdout) == run.stdout


def test_format_options_as_ptxfmt_toml(tmp_path, tool):
    messy = "\n".join(line.strip() for line in CLEAN.splitlines()) + "\n"
    (tmp_path / "ptxfmt.toml").write_text('indent-style = "tabs"\nalign-operands = false\n')
    run = subprocess.run(
        [tool("ptxfmt"), "--config", str(tmp_path / "ptxfmt.toml"), "-"], input=messy, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    formatted = ptxkit.format(messy, indent_style="tabs", align_operands=False)
    assert formatted == run.stdout
    assert "\tmov.u32 %r1, 1;" in formatted
    assert ptxkit.format_options()["line_width"] == 100


def test_format_syntax_error_has_line_and_column():
    with pytest.raises(ptxkit.PtxSyntaxError) as raised:
        ptxkit.format(".version 7.8\n.target sm_80\n.entry k()\n{\n    add.s32 %r1\n}\n")
    assert (raised.value.line, raised.value.column) == (5, 16)
    assert str(raised.value).startswith("5:16: syntax error")
    assert isinstance(raised.value, ValueError)


@pytest.mark.parametrize(
    "options, error",
    [({"line_width": 5}, ValueError), ({"no_such_option": 1}, TypeError), ({"indent_style": "wide"}, ValueError),
     ({"line_width": "wide"}, ValueError), ({"align_operands": [True]}, TypeError), ({"line_width": 10**30}, ValueError)],
)
def test_bad_format_options_raise(options, error):
    with pytest.raises(error):
        ptxkit.format(CLEAN, **options)


LEGACY_BARRIER = ".version 8.0\n.target sm_90\n.entry k()\n{\n\tbar.cta.sync 0;\n\tret;\n}\n"


def test_rewrite_converts_like_ptxrewrite(root, tool):
    assert ptxkit.rewrite(LEGACY_BARRIER, "7.7") == ".version 7.7\n.target sm_87\n.entry k()\n{\n\tbar.sync 0;\n\tret;\n}\n"
    legacy = (root / "examples/legacy/scale_sm13.ptx").read_text()
    run = subprocess.run(
        [tool("ptxrewrite"), "--to", "7.8", "--target", "sm_52", "--stdout", "-"],
        input=legacy, capture_output=True, text=True,
    )
    assert run.returncode == 0, run.stderr
    assert ptxkit.rewrite(legacy, "7.8", target="sm_52") == run.stdout
    assert ptxkit.rewrite(CLEAN, "7.8") == CLEAN


def test_rewrite_refusal_names_each_construct_and_line():
    wgmma = (
        ".version 8.0\n.target sm_90a\n.entry k()\n{\n    .reg .b32 %r<2>;\n"
        "    wgmma.fence.sync.aligned;\n    ret;\n}\n"
    )
    with pytest.raises(ptxkit.RewriteRefused) as raised:
        ptxkit.rewrite(wgmma, "7.8", target="sm_80")
    refused = raised.value
    assert refused.refusals and all(isinstance(f, ptxkit.Finding) for f in refused.refusals)
    assert "line 6:" in str(refused)
    assert "wgmma" in str(refused)


@pytest.mark.parametrize(
    "to, target, error",
    [("seven", None, ValueError), ("9.99", None, ValueError), ("7.8", "sm_999", ValueError), ("6.0", "sm_90", ValueError)],
)
def test_bad_rewrite_destination_raises(to, target, error):
    with pytest.raises(error):
        ptxkit.rewrite(CLEAN, to, target=target)


def test_rewrite_syntax_error_and_missing_header():
    with pytest.raises(ptxkit.PtxSyntaxError):
        ptxkit.rewrite(".version 7.8\n.target sm_80\n.entry k() { add.s32 %r1 }\n", "7.0")
    with pytest.raises(ValueError, match="no .version"):
        ptxkit.rewrite(".target sm_80\n", "7.0")


def test_requirements():
    wgmma = ".version 8.0\n.target sm_90a\n.entry k()\n{\n    wgmma.fence.sync.aligned;\n    ret;\n}\n"
    needs = ptxkit.requirements(wgmma)
    assert needs.ptx_version == "8.0"
    assert needs.target == "sm_90a"
    assert needs.arch_specific
    assert {r.line for r in needs.reasons} == {5}
    assert needs.reasons[0].text.startswith("wgmma.fence")
    assert "needs PTX 8.0 and sm_90a" in str(needs)
    baseline = ptxkit.requirements(".version 7.8\n.target sm_50\n.entry k()\n{\n    ret;\n}\n")
    assert baseline.reasons == [] and baseline.removed is None and baseline.removed_in is None
    assert "nothing beyond the baseline" in str(baseline)
    dwarf = ptxkit.requirements(".version 1.4\n.target sm_13\n@@DWARF .section .debug_info\n")
    assert dwarf.removed_in == "2.0" and dwarf.removed.line == 3


def test_rules_and_version():
    rules = ptxkit.rules()
    assert ("undeclared-register" in [r[1] for r in rules]) and all(len(r) == 5 for r in rules)
    assert ptxkit.__version__.count(".") == 2


def test_work_releases_the_gil():
    """Another thread runs while lint works: with the GIL held it could not run at all."""
    big = CLEAN.replace("{\n", "{\n" + "    mov.u32 %r2, 7;\n" * 100_000, 1)
    ticks = []
    started = threading.Event()
    stop = threading.Event()

    def ticker():
        started.set()
        while not stop.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.0005)

    thread = threading.Thread(target=ticker)
    thread.start()
    started.wait()
    begin = time.perf_counter()
    ptxkit.lint(big)
    end = time.perf_counter()
    stop.set()
    thread.join()
    inside = [t for t in ticks if begin < t < end]
    assert len(inside) >= 3, (len(inside), end - begin)
