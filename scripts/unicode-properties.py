#!/usr/bin/env python3
"""Writes mcpdesc-runtime/src/validate/unicode_properties.rs: the Unicode property names and
values an ECMAScript regular expression in Unicode mode accepts in `\\p{...}`.

Usage: scripts/unicode-properties.py PropertyValueAliases.txt > mcpdesc-runtime/src/validate/unicode_properties.rs

General_Category and Script values come from Unicode's PropertyValueAliases.txt (every alias, as
ECMA-262 lists them; Katakana_Or_Hiragana, which ECMA-262 leaves out, is left out). The binary
properties are ECMA-262's table of them, which is not in that file.
"""
import sys

BINARY = """
ASCII ASCII_Hex_Digit AHex Alphabetic Alpha Any Assigned Bidi_Control Bidi_C Bidi_Mirrored
Bidi_M Case_Ignorable CI Cased Changes_When_Casefolded CWCF Changes_When_Casemapped CWCM
Changes_When_Lowercased CWL Changes_When_NFKC_Casefolded CWKCF Changes_When_Titlecased CWT
Changes_When_Uppercased CWU Dash Default_Ignorable_Code_Point DI Deprecated Dep Diacritic Dia
Emoji Emoji_Component EComp Emoji_Modifier EMod Emoji_Modifier_Base EBase Emoji_Presentation
EPres Extended_Pictographic ExtPict Extender Ext Grapheme_Base Gr_Base Grapheme_Extend Gr_Ext
Hex_Digit Hex IDS_Binary_Operator IDSB IDS_Trinary_Operator IDST ID_Continue IDC ID_Start IDS
Ideographic Ideo Join_Control Join_C Logical_Order_Exception LOE Lowercase Lower Math
Noncharacter_Code_Point NChar Pattern_Syntax Pat_Syn Pattern_White_Space Pat_WS Quotation_Mark
QMark Radical Regional_Indicator RI Sentence_Terminal STerm Soft_Dotted SD Terminal_Punctuation
Term Unified_Ideograph UIdeo Uppercase Upper Variation_Selector VS White_Space space
XID_Continue XIDC XID_Start XIDS
""".split()


def main():
    path = sys.argv[1]
    version = "unknown"
    general, scripts = set(), set()
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("# PropertyValueAliases-"):
                version = line.split("-", 1)[1].split(".txt")[0]
            fields = [p.strip() for p in line.split("#")[0].split(";")]
            if fields[0] == "gc":
                general.update(fields[1:])
            elif fields[0] == "sc":
                scripts.update(n for n in fields[1:] if n not in ("Hrkt", "Katakana_Or_Hiragana"))

    def table(name, doc, names):
        out = [f"/// {doc}", f"pub(crate) const {name}: &[&str] = &["]
        out += [f'    "{n}",' for n in sorted(names)]
        out.append("];")
        return "\n".join(out)

    print(f"""//! The Unicode property names and values `\\p{{...}}` accepts in an ECMAScript regular expression
//! in Unicode mode. Written by `scripts/unicode-properties.py` from Unicode's
//! PropertyValueAliases.txt {version} and ECMA-262's table of binary properties; each table is
//! sorted, for a binary search.

{table("GENERAL_CATEGORY", "General_Category values, every alias (`Lu`, `Uppercase_Letter`, `digit`, ...).", general)}

{table("SCRIPT", "Script (and Script_Extensions) values, every alias (`Latn`, `Latin`, ...).", scripts)}

{table("BINARY", "Binary properties and their aliases.", BINARY)}""")


main()
