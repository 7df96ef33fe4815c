"""The eight hygiene checks: each test plants one defect, proves it is there, then that it is
found (with its code, file and severity); a clean skill has no finding."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
import yaml

from runner.authoring.hygiene import hygiene
from runner.authoring.skill import load_skill
from runner.schema.hygiene import Severity
from tests.helpers import EXAMPLE, PROBE

GOOD = ("---\nname: {name}\ndescription: Summarises a CSV file into a markdown report. Use when "
        "asked to total or summarise a .csv file.\n---\n\n# Body\n\n1. Run `scripts/run.py`.\n")


def skill(tmp_path: Path, text: str | None = None, name: str = "good-skill") -> Path:
    root = tmp_path / name
    (root / "scripts").mkdir(parents=True)
    (root / "scripts" / "run.py").write_text("print('hi')\n")
    (root / "SKILL.md").write_text(text if text is not None else GOOD.format(name=name))
    return root


def codes(root: Path, severity: Severity | None = None) -> list[str]:
    return [f.code for f in hygiene(root) if severity is None or f.severity is severity]


def test_clean_skills_have_no_finding(tmp_path: Path) -> None:
    assert hygiene(skill(tmp_path)) == []
    assert hygiene(EXAMPLE) == [] and hygiene(PROBE) == []


def test_hy001_no_or_broken_frontmatter(tmp_path: Path) -> None:
    root = skill(tmp_path, "# just a body\n")
    assert not (root / "SKILL.md").read_text().startswith("---")
    # Claude Code loads it (its first line as description): a warning that says so
    assert codes(root, Severity.ERROR) == [] and codes(root, Severity.WARNING) == ["HY001"]
    assert "its first line as description ('just a body')" in hygiene(root)[0].message
    (root / "SKILL.md").write_text("\n\n")
    assert codes(root, Severity.ERROR) == ["HY001"]
    broken = skill(tmp_path, "---\nname: x\n[description: a\n---\nbody\n", "broken")
    raw = (broken / "SKILL.md").read_text().split("---")[1]
    try:
        yaml.safe_load(raw)
        raise AssertionError("the planted frontmatter should not parse")
    except yaml.YAMLError:
        pass
    (finding,) = hygiene(broken)
    assert finding.code == "HY001" and "not valid YAML" in finding.message
    shutil.rmtree(broken)
    missing = skill(tmp_path, "", "missing")
    (missing / "SKILL.md").unlink()
    assert codes(missing) == ["HY001"]


def test_hy001_unquoted_colon_is_read_leniently_with_a_warning(tmp_path: Path) -> None:
    """A plain scalar holding ': ' is not YAML, yet claude loads such a skill: a warning
    naming the fix, and the name and description are still checked (no HY002/HY003)."""
    text = ("---\nname: tidy\ndescription: Tidy a repo: sort imports and trim whitespace."
            " Use when asked to clean up code.\n---\nbody\n")
    root = skill(tmp_path, text, "loose")
    with pytest.raises(yaml.YAMLError):
        yaml.safe_load(text.split("---")[1])
    (finding,) = hygiene(root)
    assert (finding.code, finding.severity) == ("HY001", Severity.WARNING)
    assert "quote" in finding.fix and "strict loaders" in finding.message


def test_hy002_name_that_cannot_name_a_folder_or_is_off_form(tmp_path: Path) -> None:
    root = skill(tmp_path, GOOD.format(name="'../escape'"))
    assert yaml.safe_load((root / "SKILL.md").read_text().split("---")[1])["name"] \
        == "../escape"
    (found,) = hygiene(root)
    assert (found.code, found.severity) == ("HY002", Severity.WARNING)
    assert "stages it as 'good-skill'" in found.message
    styled = skill(tmp_path, GOOD.format(name="My Skill"), "styled")
    (found,) = hygiene(styled)
    assert (found.code, found.severity) == ("HY002", Severity.WARNING)
    assert found.fix == "write name: styled"
    cased = skill(tmp_path, GOOD.format(name="PDF_Tools"), "cased")
    (found,) = hygiene(cased)
    assert (found.code, found.severity) == ("HY002", Severity.WARNING)
    assert "'pdf-tools'" in found.fix


def test_a_name_claude_cannot_stage_loads_under_its_folder(tmp_path: Path) -> None:
    """Claude Code knows a skill by its folder and only shows the frontmatter name; a plugin
    name may not hold a space or a slash, so the run stages such a skill by its folder."""
    shown = skill(tmp_path, GOOD.format(name="'A/B Test Design (4 Ps / 7 Ps)'"), "ab-test")
    assert load_skill(shown).name == "ab-test"
    spaced = skill(tmp_path, GOOD.format(name="Marketing Mix"), "Mix Folder")
    assert load_skill(spaced).name == "Mix-Folder"
    kept = skill(tmp_path, GOOD.format(name="csv-tidy"), "elsewhere")
    assert load_skill(kept).name == "csv-tidy"
    numbered = skill(tmp_path, GOOD.format(name="42"), "n42")
    assert load_skill(numbered).name == "n42"


def test_hy003_description_missing_short_or_silent_on_when(tmp_path: Path) -> None:
    root = skill(tmp_path, "---\nname: a\n---\nbody\n", "a")
    assert "description" not in (root / "SKILL.md").read_text()
    assert codes(root, Severity.WARNING) == ["HY003"]  # its first line stands in
    (root / "SKILL.md").write_text("---\nname: a\n---\n")
    assert codes(root, Severity.ERROR) == ["HY003"]
    short = skill(tmp_path, "---\nname: b\ndescription: CSV tool\n---\nbody\n", "b")
    (found,) = hygiene(short)
    assert found.code == "HY003" and "2 word(s)" in found.message
    silent = skill(tmp_path, "---\nname: c\ndescription: I summarise comma separated value "
                             "files into reports\n---\nbody\n", "c")
    messages = [f.message for f in hygiene(silent)]
    assert any("when to use" in m for m in messages)
    assert any("first or second person" in m for m in messages)
    long = skill(tmp_path, "---\nname: d\ndescription: Use when " + "word " * 300
                           + "\n---\nbody\n", "d")
    (found,) = hygiene(long)
    assert "more than 1024" in found.message


def test_hy004_referenced_files_exist(tmp_path: Path) -> None:
    body = GOOD.format(name="refs") + ("See [the guide](references/guide.md) and run "
                                       "`scripts/missing.sh`; docs at "
                                       "https://example.com/scripts/remote.py.\n")
    root = skill(tmp_path, body, "refs")
    assert not (root / "references" / "guide.md").exists()
    assert not (root / "scripts" / "missing.sh").exists()
    found = hygiene(root)
    # a warning: a path in the body may also name the user's file, or one the skill writes
    assert [(f.code, f.severity) for f in found] == [("HY004", Severity.WARNING)] * 2
    assert {f.message.split("'")[1] for f in found} == {"references/guide.md",
                                                        "scripts/missing.sh"}
    assert all(f.line == 9 for f in found)  # the line in SKILL.md, frontmatter counted
    (root / "references").mkdir()
    (root / "references" / "guide.md").write_text("guide\n")
    (root / "scripts" / "missing.sh").write_text("echo\n")
    assert hygiene(root) == []


def test_hy005_symlink_out_of_the_skill(tmp_path: Path) -> None:
    root = skill(tmp_path)
    secret = tmp_path / "outside.txt"
    secret.write_text("not the skill's\n")
    (root / "notes.txt").symlink_to(secret)
    assert not (root / "notes.txt").resolve().is_relative_to(root)
    (found,) = hygiene(root)  # left out of every arm, never followed: said, not refused
    assert (found.code, found.file, found.severity) == ("HY005", "notes.txt", Severity.WARNING)
    assert "outside" in found.message and "left out" in found.message
    # the skill relies on it (SKILL.md names it): the skill would miss it, refused
    (root / "SKILL.md").write_text(GOOD.format(name="good-skill") + "2. Read notes.txt.\n")
    (found,) = hygiene(root)
    assert (found.code, found.file, found.severity) == ("HY005", "notes.txt", Severity.ERROR)
    (root / "notes.txt").unlink()
    os.symlink("../..", root / "scripts" / "up")  # a folder link is found, never followed
    (found,) = hygiene(root)
    assert found.file == "scripts/up"


def test_hy005_a_symlink_inside_the_skill_is_staged_and_only_reported(tmp_path: Path) -> None:
    root = skill(tmp_path)
    (root / "scripts" / "run2.py").symlink_to("run.py")
    assert (root / "scripts" / "run2.py").resolve().is_relative_to(root)
    (found,) = hygiene(root)
    assert (found.code, found.file, found.severity) == ("HY005", "scripts/run2.py",
                                                        Severity.WARNING)


def test_hy006_size_limits(tmp_path: Path) -> None:
    root = skill(tmp_path, GOOD.format(name="big") + "line\n" * 600, "big")
    assert (root / "SKILL.md").read_text().count("\n") > 500
    (found,) = hygiene(root)
    assert (found.code, found.severity) == ("HY006", Severity.WARNING)
    blob = root / "scripts" / "blob.dat"
    with blob.open("wb") as handle:
        handle.truncate(33 * 1024**2)  # sparse: 33 MiB staged
    assert blob.stat().st_size > 32 * 1024**2
    assert "HY006" not in codes(root, Severity.ERROR)
    assert any("33.0 MiB, more than 32 MiB" in f.message for f in hygiene(root))
    with blob.open("wb") as handle:
        handle.truncate(257 * 1024**2)
    assert blob.stat().st_size > 256 * 1024**2
    assert "HY006" in codes(root, Severity.ERROR)


def test_hy007_secrets_committed_anywhere(tmp_path: Path) -> None:
    root = skill(tmp_path)
    (root / "evals").mkdir()
    key = "sk-ant-api03-" + "A1b2C3d4" * 4
    (root / "evals" / "notes.md").write_text(f"ok\nexport ANTHROPIC_API_KEY={key}\n")
    (root / "scripts" / "deploy.pem").write_text("-----BEGIN OPENSSH PRIVATE KEY-----\nabc\n")
    assert key in (root / "evals" / "notes.md").read_text()
    found = hygiene(root)
    assert [(f.code, f.file, f.line) for f in found] == [
        ("HY007", "evals/notes.md", 2), ("HY007", "scripts/deploy.pem", 1)]
    assert key not in " ".join(f.message for f in found)  # the finding never repeats it


def test_hy007_a_documented_key_block_with_no_key_material_is_none(tmp_path: Path) -> None:
    """A reference page showing the format: the block opens and closes on its own lines, with
    words (or an ellipsis) where the key goes. The same block holding base64 is a key."""
    root = skill(tmp_path)
    (root / "references").mkdir()
    begin, end = "-----BEGIN RSA " + "PRIVATE KEY-----", "-----END RSA " + "PRIVATE KEY-----"
    sample = f"stringData:\n  sshPrivateKey: |\n    {begin}\n    [key content: use a sealed " \
             f"secret]\n    {end}\n\nor\n\n    {begin}\n    ...\n    {end}\n"
    (root / "references" / "setup.md").write_text(sample)
    assert codes(root) == []
    body = "MIIEowIBAAKCAQEA" + "x7Kq9" * 10
    (root / "references" / "setup.md").write_text(f"    {begin}\n    {body}\n    {end}\n")
    assert [(f.code, f.line) for f in hygiene(root)] == [("HY007", 1)]


def test_hy007_a_header_alone_in_its_string_literal_is_a_scanners_pattern(
        tmp_path: Path) -> None:
    """A privacy scanner's test names the header as a constant to look for; a literal that
    goes on past the header (`+ "MII..."`) still holds a key."""
    root = skill(tmp_path)
    begin = "-----BEGIN RSA " + "PRIVATE KEY-----"
    body = "MIIEowIBAAKCAQEA" + "x7Kq9" * 10
    (root / "scripts" / "test_scan.py").write_text(
        f'PEM_HEADER = "{begin}"\nSLACK = "xoxb-EXAMPLE-PLACEHOLDER-notarealtokenEXAMPLE00"\n'
        f'HOOK = "https://hooks.example.com/services/EXAMPLE/PLACEHOLDER/notarealEXAMPLE00"\n')
    assert codes(root) == []
    (root / "scripts" / "test_scan.py").write_text(f'KEY = "{begin}" + "\\n{body}"\n')
    assert [(f.code, f.line) for f in hygiene(root)] == [("HY007", 1)]


def test_hy007_placeholders_are_not_secrets(tmp_path: Path) -> None:
    root = skill(tmp_path, GOOD.format(name="docs") + "\nexport ANTHROPIC_API_KEY=sk-ant-...\n",
                 "docs")
    assert hygiene(root) == []


def test_hy008_executables_a_person_can_read(tmp_path: Path) -> None:
    root = skill(tmp_path)
    tool = root / "scripts" / "tool"
    tool.write_bytes(b"\x7fELF\x02\x01\x01" + b"\0" * 64)
    tool.chmod(0o755)
    assert os.access(tool, os.X_OK) and tool.read_bytes().startswith(b"\x7fELF")
    (found,) = hygiene(root)
    assert (found.code, found.file, found.severity) == ("HY008", "scripts/tool",
                                                        Severity.ERROR)
    tool.write_text("echo hi\n")
    (found,) = hygiene(root)
    assert (found.code, found.severity) == ("HY008", Severity.WARNING)
    tool.write_text("#!/bin/sh\necho hi\n")
    assert hygiene(root) == []


def test_found_on_public_skills_are_not_defects(tmp_path: Path) -> None:
    """A link written as code is an example, not a reference; a Chinese description counts
    two characters a word and is not asked for English 'when' wording."""
    body = (GOOD.format(name="zh") + "每条记忆一行 `- [标题](file.md) — 摘要`\n"
            "```\n[x](gone.md)\n```\n")
    root = skill(tmp_path, body, "zh")
    assert not (root / "file.md").exists()
    assert hygiene(root) == []
    chinese = skill(tmp_path, "---\nname: fuxi\ndescription: 复习备考教练:"
                              "把复习资料变成零基础能懂的图文讲解\n---\nbody\n", "fuxi")
    assert hygiene(chinese) == []


def test_the_skills_files_are_its_regular_files_by_their_path(tmp_path: Path) -> None:
    """One walk for every rule over the skill's content (sizes, secrets, executables, the
    scan): regular files only, in order, with their path from the skill's root."""
    from runner.authoring.hygiene import files
    (tmp_path / "scripts").mkdir()
    (tmp_path / "scripts" / "run.sh").write_text("echo hi\n")
    (tmp_path / "SKILL.md").write_text("---\nname: x\n---\n")
    (tmp_path / "link.md").symlink_to(tmp_path / "SKILL.md")
    (tmp_path / "linked").symlink_to(tmp_path / "scripts")
    assert [rel for _, rel in files(tmp_path)] == ["SKILL.md", "scripts/run.sh"]


def test_hy007_a_token_made_up_of_words_or_a_count_is_none(tmp_path: Path) -> None:
    """A test's fixture token (`xoxb-` then words) and a trap key planted in an eval (a count
    after `AKIA`) were issued by no provider: nothing to revoke. A random body still is one."""
    root = skill(tmp_path)
    (root / "tests").mkdir()
    (root / "evals").mkdir()
    (root / "tests" / "test_cli.py").write_text('env["SLACK_TOKEN"] = "xoxb-' + 'test-token"\n')
    # a document's sample, the blank in capitals (`xoxb-YOUR-BOT-TOKEN`)
    (root / "references").mkdir()
    (root / "references" / "notify.md").write_text("stringData:\n  slack-token: xoxb-"
                                                   "YOUR-BOT-TOKEN\n")
    (root / "evals" / "evals.json").write_text(
        '{"prompt": "Review: awsKey = \'AKIA' + '1234567890ABCDEF\'", '
        '"other": "AKIA' + 'XXXXXXXXXXXXXXXX"}\n')
    assert codes(root) == []
    (root / "evals" / "evals.json").write_text('{"key": "AKIA' + 'Q3W7ZP2LMX9RTK4B"}\n')
    (root / "tests" / "test_cli.py").write_text('token = "xoxb-' + '2948-1173-Kq9ZrT"\n')
    # the set's own case file is a case's material: reported (a warning), never refused
    assert [(f.code, f.file, f.severity) for f in hygiene(root)] == [
        ("HY007", "tests/test_cli.py", Severity.ERROR),
        ("HY007", "evals/evals.json", Severity.WARNING)]


def test_hy007_a_key_planted_in_a_cases_material_is_reported_never_refused(
        tmp_path: Path) -> None:
    """A fixture's setup script plants a token for the review to flag; a cassette records one; a
    line calls its key a fake. Each is a warning naming where it sits; the same key in the
    skill's own script, or in a document beside the set, is an error."""
    root = skill(tmp_path)
    token = "ghp_" + "Kq9ZrT2948x1173LmWp0" * 2
    (root / "evals" / "fixtures" / "4").mkdir(parents=True)
    (root / "evals" / "fixtures" / "4" / "setup.sh").write_text(f'API_TOKEN = "{token}"\n')
    (root / "scripts" / "gh-cassette.json").write_text(f'{{"auth": "{token}"}}\n')
    (root / "scripts" / "client.py").write_text(f'FAKE_TOKEN = "{token}"\n')
    found = hygiene(root)
    assert [(f.code, f.file, f.severity) for f in found] == [
        ("HY007", "evals/fixtures/4/setup.sh", Severity.WARNING),
        ("HY007", "scripts/client.py", Severity.WARNING),
        ("HY007", "scripts/gh-cassette.json", Severity.WARNING)]
    assert "planted" in found[0].message and token not in found[0].message
    (root / "scripts" / "client.py").write_text(f'TOKEN = "{token}"\n')
    (root / "evals" / "notes.md").write_text(f"my token: {token}\n")
    assert [(f.file, f.severity) for f in hygiene(root) if f.severity is Severity.ERROR] == [
        ("evals/notes.md", Severity.ERROR), ("scripts/client.py", Severity.ERROR)]


def test_hy007_two_counts_interleaved_are_typed_by_a_person(tmp_path: Path) -> None:
    """A redaction test's key (`AKIAA1B2C3D4E5F6G7H8`: letters counting between digits
    counting) was issued by no provider; a random body of the same shape still is a key."""
    root = skill(tmp_path)
    (root / "tests").mkdir()
    test = root / "tests" / "test_hooks.py"
    test.write_text('secret = "error was: AKIA' + 'A1B2C3D4E5F6G7H8"\n')
    assert codes(root) == []
    test.write_text('secret = "error was: AKIA' + 'Q7W2Z9K4M1T8P3X6"\n')
    assert [(f.code, f.severity) for f in hygiene(root)] == [("HY007", Severity.ERROR)]


def test_hy007_two_counts_of_four_among_letters_are_typed_by_a_person(tmp_path: Path) -> None:
    """A secret scanner's doctest (`AKIAZXQR1234ABCD5678`: four letters, then `1234` and
    `ABCD` and `5678` counted) holds no key; a random body of the same length still is one."""
    root = skill(tmp_path)
    (root / "lib").mkdir()
    code = root / "lib" / "entropy.py"
    code.write_text('"""\n>>> is_secret("AKIA' + 'ZXQR1234ABCD5678")\nFalse\n"""\n')
    assert codes(root) == []
    code.write_text('"""\n>>> is_secret("AKIA' + 'ZXQR7K2MQ9WD4TB1")\nFalse\n"""\n')
    assert [(f.code, f.severity) for f in hygiene(root)] == [("HY007", Severity.ERROR)]


def test_hy007_a_long_body_of_a_few_counts_is_typed_by_a_person(tmp_path: Path) -> None:
    """A secret scanner's test table (`ghp_abcdefghij1234567890abcdef1234567890`: the
    alphabet and the digits counted twice) holds no key; a random body as long still is."""
    root = skill(tmp_path)
    (root / "tests").mkdir()
    test = root / "tests" / "scan.test.ts"
    test.write_text("const SECRETS = [['gh', 'ghp_' + '']];\n"
                    "['github-token', 'ghp_" + "abcdefghij1234567890abcdef1234567890'],\n")
    assert codes(root) == []
    test.write_text("['github-token', 'ghp_" + "A8fK2LmQ9zR4tW7xY1bC3dE5gH6jN0pSx2Vq'],\n")
    assert [(f.code, f.severity) for f in hygiene(root)] == [("HY007", Severity.ERROR)]


def test_check_accepts_a_skill_whose_fixture_plants_a_token(tmp_path: Path) -> None:
    """Through the CLI: a token planted in a case's fixture is one HY007 warning line and the
    set is accepted; the same token in the skill's own script refuses it."""
    from tests.helpers import check_cli

    root = skill(tmp_path)
    token = "ghp_" + "Kq9ZrT2948x1173LmWp0" * 2
    (root / "evals" / "fixtures" / "4").mkdir(parents=True)
    (root / "evals" / "fixtures" / "4" / "setup.sh").write_text(f'API_TOKEN = "{token}"\n')
    (root / "evals" / "evals.json").write_text(
        '{"skill_name": "good-skill", "evals": [{"id": "1", "prompt": "Review the config in '
        'this folder for problems before I merge.", "expectations": ["Flags the token"]}]}')
    result = check_cli(str(root))
    assert result.exit_code == 0, result.output
    assert "evals/fixtures/4/setup.sh:1: secrets: a GitHub token in a case's test material, " \
           "read as planted for the case (not refused)" in result.output
    assert token not in result.output
    (root / "scripts" / "client.py").write_text(f'TOKEN = "{token}"\n')
    refused = check_cli(str(root))
    assert refused.exit_code == 2 and "scripts/client.py:1" in refused.output


def test_hy007_a_documents_key_sample_with_a_placeholder_body_is_no_key(tmp_path: Path) -> None:
    """A reference showing a Secret's shape (`identity: |` then the key's header, then `...`
    and no END line) holds no key to revoke; a header followed by a body is still one."""
    root = skill(tmp_path)
    (root / "references").mkdir()
    header = "-----BEGIN OPENSSH " + "PRIVATE KEY-----"
    (root / "references" / "sources.md").write_text(
        f"```yaml\nstringData:\n  identity: |\n    {header}\n    ...\n  known_hosts: x\n```\n")
    assert "HY007" not in codes(root)
    (root / "references" / "real.md").write_text(f"{header}\n{'QUJD' * 16}\n")
    assert "HY007" in codes(root)
