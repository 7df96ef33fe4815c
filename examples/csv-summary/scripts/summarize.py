"""Summarise a CSV into markdown: row count, columns, and totals of numeric columns."""

import csv
import sys


def number(value: str) -> float | None:
    try:
        return float(value.replace(",", ""))
    except ValueError:
        return None


def main(src: str, dest: str) -> None:
    with open(src, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    columns = list(rows[0].keys()) if rows else []
    numeric = [c for c in columns if rows and all(number(r[c]) is not None for r in rows)]
    lines = [f"# Summary of {src}", "", f"{len(rows)} rows, columns: {', '.join(columns)}", "",
             "## Totals", ""]
    grand = 0.0
    for column in numeric:
        total = sum(number(r[column]) or 0.0 for r in rows)
        grand += total
        lines.append(f"- {column}: {total:g}")
    lines += ["", f"Total: {grand:g}", ""]
    with open(dest, "w", encoding="utf-8") as out:
        out.write("\n".join(lines))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
