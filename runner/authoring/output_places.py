"""An output named by its file name alone, which the prompt places in a folder (issue 26).

`output_files: ["fixed-skill.md"]` beside a prompt that says "write the fixed version to
`outputs/fixed-skill.md`": the author's check is on the file the prompt asks for, so it is
checked at `outputs/fixed-skill.md`, never at the root where no run that follows the prompt
writes it. Only when every mention of the name in the prompt carries the same folder (a prompt
naming it nowhere: the case's own grader command, `test -f outputs/audit-report.md`); a name
written bare too, or under two folders, stays as the author wrote it.
"""

from __future__ import annotations

import re

from runner.schema.case import Case, OutputCheck


def _places(prompt: str, name: str) -> set[str]:
    """The folders the prompt writes `name` under ("" for the name alone)."""
    found = re.finditer(rf"(?<![\w.-])((?:\.?/)?(?:[\w.-]+/)*){re.escape(name)}(?![\w-]|\.\w)",
                        prompt)
    return {m.group(1).removeprefix("./") for m in found}


def _place(case: Case, name: str) -> set[str]:
    """Where the prompt puts `name`; when it names it nowhere, where the case's own grader
    command looks for it (`test -f outputs/audit-report.md`)."""
    places = _places(case.prompt, name)
    command = case.grader_program.command if case.grader_program else None
    return places or (_places(command, name) if command else set())


def placed_outputs(case: Case) -> tuple[Case, list[str]]:
    """The case with each bare-named output moved to the one folder its prompt (or its grader
    command) gives it, and the moves as `name -> path`."""
    moved: list[str] = []
    outputs: list[OutputCheck] = []
    for output in case.outputs:
        places = _place(case, output.path) if "/" not in output.path else set()
        if len(places) == 1 and (folder := places.pop()):
            outputs.append(output.model_copy(update={"path": folder + output.path}))
            moved.append(f"{output.path} -> {folder + output.path}")
        else:
            outputs.append(output)
    if not moved:
        return case, []
    return case.model_copy(update={"outputs": tuple(outputs)}), moved
