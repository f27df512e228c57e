"""Runs cases.json through the Python reference and writes reference-verdicts.json.

    python3 reference-verdicts.py PATH/TO/verdict_contract.py cases.json > reference-verdicts.json

verdict_contract.py is the reference's one module, from
github.com/Palo-Alto-AI-Research-Lab/verdict-contract (commit fa3260b98f2362753c28726401f76bb724677b5c).
"""
import importlib.util
import json
import platform
import sys

spec = importlib.util.spec_from_file_location("verdict_contract", sys.argv[1])
reference = importlib.util.module_from_spec(spec)
spec.loader.exec_module(reference)
cases = json.load(open(sys.argv[2], encoding="utf-8"))
out = {
    "source": "verdict-contract fa3260b98f2362753c28726401f76bb724677b5c, find_verdict",
    "python": platform.python_version(),
    "exact": [[reply, reference.find_verdict(reply)] for reply in cases["exact"]],
    "boundary": [[reply, reference.find_verdict(reply)] for reply in cases["boundary"]],
}
json.dump(out, sys.stdout, ensure_ascii=True, indent=0)
sys.stdout.write("\n")
