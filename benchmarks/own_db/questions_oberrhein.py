"""pandapower's Oberrhein medium-voltage grid questions (oberrhein.md).  Written from the
net's JSON file in pandapower's wheel and a look at the built rows by a helper who never
read the linker's code, before the agent was ever run on it; every gold SQL was checked
with sqlite3 alone.  A bus, line, load, generator or switch is a row of its table, named
by its ``name`` ("Bus 12", "Line 40"); a line's type is its ``std_type``; "the power flow"
is the ``res_bus`` and ``res_line`` rows; power is in MW, lengths in km."""

from __future__ import annotations

from .questions import Question

_LINE_TYPE = "line l JOIN line_std_types s ON s.name = l.std_type"
_LINE_RES = 'line l JOIN res_line r ON r."index" = l."index"'
_BUS_RES = 'bus b JOIN res_bus r ON r."index" = b."index"'
_LOAD_BUS = 'load d JOIN bus b ON b."index" = d.bus'
_SGEN_BUS = 'sgen g JOIN bus b ON b."index" = g.bus'


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


OBERRHEIN = [
    Question("How many buses does the grid have?", "SELECT COUNT(*) FROM bus"),
    Question("How many lines are there in the grid?", "SELECT COUNT(*) FROM line"),
    Question("How many photovoltaic generators are connected?",
             "SELECT COUNT(*) FROM sgen WHERE type = 'PV'"),
    Question("How many loads are MV/LV substations?",
             "SELECT COUNT(*) FROM load WHERE type = 'MV/LV Station'"),
    Question("How many switches are open?", "SELECT COUNT(*) FROM switch WHERE closed = 0"),
    Question("List the open switches.", "SELECT name FROM switch WHERE closed = 0",
             column=True),
    Question("How many circuit breakers are there?",
             "SELECT COUNT(*) FROM switch WHERE type = 'CB'"),
    Question("What is the total length of all lines in km?",
             "SELECT SUM(length_km) FROM line"),
    Question("What is the total length of the overhead lines?",
             "SELECT SUM(length_km) FROM line WHERE type = 'ol'"),
    Question("How many lines are underground cables?",
             "SELECT COUNT(*) FROM line WHERE type = 'cs'"),
    Question("Which line is the longest?",
             "SELECT name FROM line ORDER BY length_km DESC LIMIT 1"),
    Question("Which line is the shortest?",
             "SELECT name FROM line ORDER BY length_km LIMIT 1"),
    Question("What are the 5 longest lines?",
             "SELECT name FROM line ORDER BY length_km DESC LIMIT 5", column=True),
    Question("What is the average line length?", "SELECT AVG(length_km) FROM line"),
    Question("How many lines are longer than 1 km?",
             "SELECT COUNT(*) FROM line WHERE length_km > 1"),
    Question("How many lines of each line type are there?",
             "SELECT std_type, COUNT(*) FROM line GROUP BY std_type"),
    Question("Which line type is used the most?",
             "SELECT std_type FROM line GROUP BY std_type ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What is the total length of cable of each line type?",
             "SELECT std_type, SUM(length_km) FROM line GROUP BY std_type"),
    Question("What is the cross-section in mm² of the conductor of Line 0?",
             f"SELECT s.q_mm2 FROM {_LINE_TYPE} WHERE l.name = 'Line 0'"),
    Question("What is the total length of lines whose conductor has a cross-section of"
             " 240 mm²?", f"SELECT SUM(l.length_km) FROM {_LINE_TYPE} WHERE s.q_mm2 = 240"),
    Question("How many standard line types in the library are never used in this grid?",
             "SELECT COUNT(*) FROM line_std_types WHERE name NOT IN"
             " (SELECT std_type FROM line)"),
    Question("Which standard line types carry the highest maximum current?",
             "SELECT name FROM line_std_types WHERE max_i_ka ="
             " (SELECT MAX(max_i_ka) FROM line_std_types)", column=True),
    Question("How many standard line types are overhead lines?",
             "SELECT COUNT(*) FROM line_std_types WHERE type = 'ol'"),
    Question("Which standard transformer types have a rated power above 50 MVA?",
             "SELECT name FROM trafo_std_types WHERE sn_mva > 50", column=True),
    Question("What is the rated power of the transformers feeding the grid?",
             "SELECT DISTINCT sn_mva FROM trafo"),
    Question("What tap position is HV/MV Transformer 1 at?",
             "SELECT tap_pos FROM trafo WHERE name = 'HV/MV Transformer 1'"),
    Question("What is the total active power of all loads in MW?",
             "SELECT SUM(p_mw) FROM load"),
    Question("What is the total power of the medium-voltage customer loads?",
             "SELECT SUM(p_mw) FROM load WHERE type = 'MV Load'"),
    Question("How many loads draw more than 0.5 MW?",
             "SELECT COUNT(*) FROM load WHERE p_mw > 0.5"),
    Question("What is the installed photovoltaic capacity in total, in MW?",
             "SELECT SUM(sn_mva) FROM sgen WHERE type = 'PV'"),
    Question("What is the average size of a PV generator?",
             "SELECT AVG(p_mw) FROM sgen"),
    Question("Which PV generator is the largest?",
             "SELECT name FROM sgen ORDER BY p_mw DESC LIMIT 1"),
    Question("How many buses have a PV generator connected?",
             "SELECT COUNT(DISTINCT bus) FROM sgen"),
    Question("What are the top 5 buses by total PV power connected?",
             f"SELECT b.name FROM {_SGEN_BUS} GROUP BY b.\"index\""
             " ORDER BY SUM(g.p_mw) DESC LIMIT 5", column=True),
    Question("How many buses have no load connected?",
             'SELECT COUNT(*) FROM bus WHERE "index" NOT IN (SELECT bus FROM load)'),
    Question("How many buses have neither a load nor a generator?",
             'SELECT COUNT(*) FROM bus WHERE "index" NOT IN (SELECT bus FROM load)'
             ' AND "index" NOT IN (SELECT bus FROM sgen)'),
    Question("Which buses are the medium-voltage customers connected to?",
             f"SELECT b.name FROM {_LOAD_BUS} WHERE d.type = 'MV Load'", column=True),
    Question("How many buses are at 110 kV?", "SELECT COUNT(*) FROM bus WHERE vn_kv = 110"),
    Question("Which buses connect the grid to the external grid?",
             'SELECT b.name FROM ext_grid e JOIN bus b ON b."index" = e.bus', column=True),
    Question("Which bus has the lowest voltage in the power flow?",
             f"SELECT b.name FROM {_BUS_RES} ORDER BY r.vm_pu LIMIT 1"),
    Question("What is the highest bus voltage in per unit?", "SELECT MAX(vm_pu) FROM res_bus"),
    Question("How many buses have a voltage below 0.98 per unit?",
             "SELECT COUNT(*) FROM res_bus WHERE vm_pu < 0.98"),
    Question("Which line is the most heavily loaded?",
             f"SELECT l.name FROM {_LINE_RES} ORDER BY r.loading_percent DESC LIMIT 1"),
    Question("What are the 5 most loaded lines and their loading?",
             f"SELECT l.name, r.loading_percent FROM {_LINE_RES}"
             " ORDER BY r.loading_percent DESC LIMIT 5", column=True),
    Question("How many lines are loaded above 40 percent?",
             "SELECT COUNT(*) FROM res_line WHERE loading_percent > 40"),
    Question("What are the total active power losses on all lines, in MW?",
             "SELECT SUM(pl_mw) FROM res_line"),
    Question("What is the average loading of each line type?",
             f"SELECT l.std_type, AVG(r.loading_percent) FROM {_LINE_RES} GROUP BY l.std_type"),
    Question("What is the average loading of the underground cables, excluding the lines"
             " loaded at less than 1 percent?",
             f"SELECT AVG(r.loading_percent) FROM {_LINE_RES}"
             " WHERE l.type = 'cs' AND r.loading_percent >= 1"),
    Question("Which line has the highest losses?",
             f"SELECT l.name FROM {_LINE_RES} ORDER BY r.pl_mw DESC LIMIT 1"),
    Question("How many lines have more than one switch?",
             "SELECT COUNT(*) FROM (SELECT element FROM switch WHERE et = 'l'"
             " GROUP BY element HAVING COUNT(*) > 1)"),
    Question("Which lines have an open switch?",
             "SELECT l.name FROM switch s JOIN line l ON l.\"index\" = s.element"
             " WHERE s.et = 'l' AND s.closed = 0", column=True),
    Question("How many loads are there of each power rating?",
             "SELECT p_mw, COUNT(*) FROM load GROUP BY p_mw"),
    *_no(
        "How many households are supplied by this grid?",
        "What did the electricity cost per kWh in Oberrhein in 2020?",
        "In which year was Line 12 built?",
        "Who owns the PV plant Static Generator 7?",
        "What is the street address of Bus 40?",
        "How much PV power will be installed in the grid in 2035?",
        "What was the peak load of the grid last winter?",
        "How much did it cost to build Line 5?",
        "Which distribution system operator runs this grid?",
        "Is this grid well designed?",
        "What is the failure rate of the underground cables?",
        "Write a short summary of the history of the Upper Rhine valley.",
        "Wie viele Ladestationen für Elektroautos gibt es im Netz?",
        "¿Cuál es la temperatura de los cables en verano?",
    ),
]  # fmt: skip
