"""US states: the everyday knowledge that "Kansas" is the two-letter code KS.

A column of state codes (``state``: KS, NE) is asked about by the states' names ("How
many records are there for Kansas?"), as months are asked about by their names.  Only a
full name is read as a code, never a two-letter word of a question ("in", "or", "me").

Example::

    state_names(["KS", "NE"])   # {"kansas": "KS", "nebraska": "NE"}
"""

from __future__ import annotations

__all__ = ["state_names"]

_CODES = {
    "AL": "alabama", "AK": "alaska", "AZ": "arizona", "AR": "arkansas", "CA": "california",
    "CO": "colorado", "CT": "connecticut", "DE": "delaware", "FL": "florida",
    "GA": "georgia", "HI": "hawaii", "ID": "idaho", "IL": "illinois", "IN": "indiana",
    "IA": "iowa", "KS": "kansas", "KY": "kentucky", "LA": "louisiana", "ME": "maine",
    "MD": "maryland", "MA": "massachusetts", "MI": "michigan", "MN": "minnesota",
    "MS": "mississippi", "MO": "missouri", "MT": "montana", "NE": "nebraska",
    "NV": "nevada", "NH": "new hampshire", "NJ": "new jersey", "NM": "new mexico",
    "NY": "new york", "NC": "north carolina", "ND": "north dakota", "OH": "ohio",
    "OK": "oklahoma", "OR": "oregon", "PA": "pennsylvania", "RI": "rhode island",
    "SC": "south carolina", "SD": "south dakota", "TN": "tennessee", "TX": "texas",
    "UT": "utah", "VT": "vermont", "VA": "virginia", "WA": "washington",
    "WV": "west virginia", "WI": "wisconsin", "WY": "wyoming", "DC": "district of columbia",
}  # fmt: skip


def state_names(values: list[str]) -> dict[str, str]:
    """The state names (lower case) of ``values``, each with its code, when every value
    is a US state's two-letter code (upper case); else none."""
    if not values or not all(v in _CODES for v in values):
        return {}
    return {_CODES[v]: v for v in values}
