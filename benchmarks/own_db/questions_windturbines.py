"""windpowerlib's wind turbine library questions (windturbines.md): the thirty-fifth
held-out database.  Written from the CSV files in windpowerlib's wheel and a look at the
built rows by a helper who never read the linker's code, before the agent was ever run on
it; every gold SQL was checked with sqlite3 alone.  A turbine is a row of
``turbine_data``, named by its ``turbine_type`` (``E-126/7500``) or its ``name``
(``Haliade 150-6MW``); power is in watts, a "power curve" is its rows of ``power_curves``;
the "cut-in" wind speed is the lowest one at which the curve gives power."""

from __future__ import annotations

from .questions import Question

_CURVE = "power_curves p JOIN turbine_data t ON t.turbine_type = p.turbine_type"
_CP = "power_coefficient_curves c JOIN turbine_data t ON t.turbine_type = c.turbine_type"
_HUB = "hub_height h JOIN turbine_data t ON t.turbine_type = h.turbine_type"


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


WINDTURBINES = [
    Question("How many turbine types are there?", "SELECT COUNT(*) FROM turbine_data"),
    Question("How many wind turbine manufacturers are listed?",
             "SELECT COUNT(DISTINCT manufacturer) FROM turbine_data"),
    Question("How many turbine types does Vestas make?",
             "SELECT COUNT(*) FROM turbine_data WHERE manufacturer = 'Vestas'"),
    Question("Which manufacturer has the most turbine types?",
             "SELECT manufacturer FROM turbine_data GROUP BY manufacturer"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many turbine types does each manufacturer have?",
             "SELECT manufacturer, COUNT(*) FROM turbine_data GROUP BY manufacturer"),
    Question("Which manufacturers have more than 15 turbine types?",
             "SELECT manufacturer FROM turbine_data GROUP BY manufacturer"
             " HAVING COUNT(*) > 15", column=True),
    Question("What is the nominal power of the Enercon E-126/7500?",
             "SELECT nominal_power FROM turbine_data WHERE turbine_type = 'E-126/7500'"),
    Question("What is the rotor diameter of the V90/3000?",
             "SELECT rotor_diameter FROM turbine_data WHERE turbine_type = 'V90/3000'"),
    Question("Which turbine has the largest rotor diameter?",
             "SELECT turbine_type FROM turbine_data ORDER BY rotor_diameter DESC LIMIT 1"),
    Question("Which turbine has the smallest rotor?",
             "SELECT turbine_type FROM turbine_data ORDER BY rotor_diameter LIMIT 1"),
    Question("Which turbine type has the highest nominal power?",
             "SELECT turbine_type FROM turbine_data ORDER BY nominal_power DESC LIMIT 1"),
    Question("What are the top 5 turbines by rotor diameter?",
             "SELECT turbine_type FROM turbine_data ORDER BY rotor_diameter DESC LIMIT 5",
             column=True),
    Question("What is the average rotor diameter of Siemens turbines?",
             "SELECT AVG(rotor_diameter) FROM turbine_data WHERE manufacturer = 'Siemens'"),
    Question("What is the average nominal power per manufacturer, in megawatts?",
             "SELECT manufacturer, AVG(nominal_power) / 1000000.0 FROM turbine_data"
             " GROUP BY manufacturer"),
    Question("What is the largest rotor diameter of each manufacturer?",
             "SELECT manufacturer, MAX(rotor_diameter) FROM turbine_data"
             " GROUP BY manufacturer"),
    Question("How many turbine types are rated at more than 5 MW?",
             "SELECT COUNT(*) FROM turbine_data WHERE nominal_power > 5000000"),
    Question("List the turbines with a nominal power of at least 8 MW.",
             "SELECT turbine_type FROM turbine_data WHERE nominal_power >= 8000000",
             column=True),
    Question("Excluding Vestas, which turbines have a rotor diameter above 150 metres?",
             "SELECT turbine_type FROM turbine_data WHERE rotor_diameter > 150"
             " AND manufacturer <> 'Vestas'", column=True),
    Question("How many turbine types have a rotor larger than the average rotor diameter?",
             "SELECT COUNT(*) FROM turbine_data"
             " WHERE rotor_diameter > (SELECT AVG(rotor_diameter) FROM turbine_data)"),
    Question("Which other turbine types have the same rotor diameter as the E-82/2000?",
             "SELECT turbine_type FROM turbine_data WHERE rotor_diameter ="
             " (SELECT rotor_diameter FROM turbine_data WHERE turbine_type = 'E-82/2000')"
             " AND turbine_type <> 'E-82/2000'", column=True),
    Question("What is the rotor area of the SWT-3.6-120?",
             "SELECT rotor_area FROM turbine_data WHERE name = 'SWT-3.6-120'"),
    Question("Who makes the Haliade 150-6MW, and what is its turbine type?",
             "SELECT manufacturer, turbine_type FROM turbine_data"
             " WHERE name = 'Haliade 150-6MW'"),
    Question("What is the nominal power of the ENO 114 4.8?",
             "SELECT nominal_power FROM turbine_data WHERE name = 'ENO 114 4.8'"),
    Question("What is the IEC wind class of the E-141/4200?",
             "SELECT wind_class_iec FROM turbine_data WHERE turbine_type = 'E-141/4200'"),
    Question("How many turbine types have no IEC wind class given?",
             "SELECT COUNT(*) FROM turbine_data WHERE wind_class_iec IS NULL"),
    Question("Which Enercon turbine has the highest power density?",
             "SELECT turbine_type FROM turbine_data WHERE manufacturer = 'Enercon'"
             " ORDER BY power_density DESC LIMIT 1"),
    Question("Which turbine has the highest maximum rotor speed?",
             "SELECT turbine_type FROM turbine_data ORDER BY max_speed_drive DESC LIMIT 1"),
    Question("What is the total nominal power of all GE Wind turbine types together?",
             "SELECT SUM(nominal_power) FROM turbine_data WHERE manufacturer = 'GE Wind'"),
    Question("How many turbine types have a power curve?",
             "SELECT COUNT(DISTINCT turbine_type) FROM power_curves"),
    Question("How many turbines have no power coefficient curve?",
             "SELECT COUNT(*) FROM turbine_data WHERE turbine_type NOT IN"
             " (SELECT turbine_type FROM power_coefficient_curves)"),
    Question("How many Vestas turbines have a power curve?",
             f"SELECT COUNT(DISTINCT p.turbine_type) FROM {_CURVE}"
             " WHERE t.manufacturer = 'Vestas'"),
    Question("Which manufacturers never give a power coefficient curve for any of their turbines?",
             "SELECT DISTINCT manufacturer FROM turbine_data WHERE manufacturer NOT IN"
             " (SELECT t.manufacturer FROM power_coefficient_curves c JOIN turbine_data t"
             " ON t.turbine_type = c.turbine_type)", column=True),
    Question("Which turbines have a power curve but no power coefficient curve?",
             "SELECT DISTINCT turbine_type FROM power_curves WHERE turbine_type NOT IN"
             " (SELECT turbine_type FROM power_coefficient_curves)", column=True),
    Question("How much power does the E-82/2300 produce at a wind speed of 10 m/s?",
             "SELECT value FROM power_curves WHERE turbine_type = 'E-82/2300'"
             " AND wind_speed = 10"),
    Question("At what wind speed does the V90/2000 first reach its maximum output?",
             "SELECT MIN(wind_speed) FROM power_curves WHERE turbine_type = 'V90/2000'"
             " AND value = (SELECT MAX(value) FROM power_curves"
             " WHERE turbine_type = 'V90/2000')"),
    Question("What is the cut-in wind speed of the E-101/3050?",
             "SELECT MIN(wind_speed) FROM power_curves WHERE turbine_type = 'E-101/3050'"
             " AND value > 0"),
    Question("Which turbine produces the most power at 8 m/s?",
             "SELECT turbine_type FROM power_curves WHERE wind_speed = 8"
             " ORDER BY value DESC LIMIT 1"),
    Question("What is the average output at 12 m/s over all turbines with a power curve,"
             " in kilowatts?",
             "SELECT AVG(value) / 1000 FROM power_curves WHERE wind_speed = 12"),
    Question("How many points does the power curve of the N131/3600 have?",
             "SELECT COUNT(*) FROM power_curves WHERE turbine_type = 'N131/3600'"),
    Question("What is the highest power coefficient of the E-115/3000?",
             "SELECT MAX(value) FROM power_coefficient_curves"
             " WHERE turbine_type = 'E-115/3000'"),
    Question("What is the average power coefficient of the V112/3300 between 5 and 10 m/s?",
             "SELECT AVG(value) FROM power_coefficient_curves WHERE turbine_type = 'V112/3300'"
             " AND wind_speed BETWEEN 5 AND 10"),
    Question("How many turbine types reach a power coefficient of 0.5 or more?",
             "SELECT COUNT(DISTINCT turbine_type) FROM power_coefficient_curves"
             " WHERE value >= 0.5"),
    Question("Which Siemens turbines have a power coefficient curve?",
             f"SELECT DISTINCT c.turbine_type FROM {_CP} WHERE t.manufacturer = 'Siemens'",
             column=True),
    Question("Which hub heights is the E-141/4200 offered with?",
             "SELECT hub_height FROM hub_height WHERE turbine_type = 'E-141/4200'",
             column=True),
    Question("Which turbine can have the tallest hub height?",
             "SELECT turbine_type FROM hub_height ORDER BY hub_height DESC LIMIT 1"),
    Question("How many turbine types are offered with a hub height above 140 m?",
             "SELECT COUNT(DISTINCT turbine_type) FROM hub_height WHERE hub_height > 140"),
    Question("How many turbine types have no hub height listed?",
             "SELECT COUNT(*) FROM turbine_data WHERE turbine_type NOT IN"
             " (SELECT turbine_type FROM hub_height)"),
    Question("Which manufacturer offers the most different hub heights?",
             f"SELECT t.manufacturer FROM {_HUB} GROUP BY t.manufacturer"
             " ORDER BY COUNT(DISTINCT h.hub_height) DESC LIMIT 1"),
    Question("What is the lowest hub height each manufacturer offers?",
             f"SELECT t.manufacturer, MIN(h.hub_height) FROM {_HUB} GROUP BY t.manufacturer"),
    *_no(
        "How much does a V164/8000 cost?",
        "How many E-82 turbines are installed in Germany?",
        "Which wind farm uses the most Siemens turbines?",
        "What will the wind speed be in Hamburg tomorrow?",
        "In which year was the E-126/7500 first installed?",
        "How loud is the N131/3600 in decibels?",
        "How much does one rotor blade of the V90/2000 weigh?",
        "Who is the chief executive of Vestas?",
        "Which turbine is the most reliable?",
        "What is the thrust coefficient of the E-101/3050 at 10 m/s?",
        "Write a short poem about wind turbines.",
        "How many turbines will Nordex sell in 2030?",
        "¿Cuántos aerogeneradores de Vestas hay instalados en España?",
        "Welche Windkraftanlage ist am leisesten?",
    ),
]  # fmt: skip
