"""OpenPrinting's Foomatic printer database's questions (foomatic.md): a held-out database
chosen from Debian's data packages.  Written from the XML files of Debian's foomatic-db
20230202-1 and a look at the built rows by a helper who never read the linker's code, before
the agent was ever run on it; every gold SQL was checked with sqlite3 alone.  A printer is
asked by its make and model ("Samsung ML-2010"), a driver by its name ("ljet4"), an option
by the name a user sees ("Bottom Margin")."""

from __future__ import annotations

from .questions import Question


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


_LANG = "printers p JOIN printer_languages l ON l.printer = p.id"
_SUPPORTED = "driver_printers dp JOIN printers p ON p.id = dp.printer"
_CHOICES = "options o JOIN option_choices c ON c.option = o.id"
_RULES = "options o JOIN option_constraints k ON k.option = o.id"
FOOMATIC = [
    Question("How many printers are in the database?", "SELECT COUNT(*) FROM printers"),
    Question("How many Epson printers are listed?",
             "SELECT COUNT(*) FROM printers WHERE make = 'Epson'"),
    Question("Which manufacturer has the most printers in the database?",
             "SELECT make FROM printers GROUP BY make ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many printers are paperweights, that is don't work at all?",
             "SELECT COUNT(*) FROM printers WHERE functionality = 'F'"),
    Question("How many colour inkjet printers are there?",
             "SELECT COUNT(*) FROM printers WHERE mechanism = 'inkjet' AND color = 1"),
    Question("Which brand makes the most colour laser printers?",
             "SELECT make FROM printers WHERE mechanism = 'laser' AND color = 1"
             " GROUP BY make ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which driver is recommended most often for HP printers?",
             "SELECT driver FROM printers WHERE make = 'HP' GROUP BY driver"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many printers support PostScript level 3?",
             f"SELECT COUNT(*) FROM {_LANG} WHERE l.language = 'postscript' AND l.level = '3'"),
    Question("How many printers use a proprietary language of their maker (winprinters)?",
             "SELECT COUNT(DISTINCT printer) FROM printer_languages"
             " WHERE language = 'proprietary'"),
    Question("Which manufacturer has the most printers using a proprietary language?",
             f"SELECT p.make FROM {_LANG} WHERE l.language = 'proprietary' GROUP BY p.make"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What is the average horizontal resolution of laser printers, in dpi?",
             "SELECT ROUND(AVG(dpi_x), 1) FROM printers WHERE mechanism = 'laser'"),
    Question("Which driver supports the most printers?",
             "SELECT driver FROM driver_printers GROUP BY driver ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many printers does the ljet4 driver support?",
             "SELECT COUNT(*) FROM driver_printers WHERE driver = 'ljet4'"),
    Question("How many drivers run through Ghostscript's uniprint?",
             "SELECT COUNT(*) FROM drivers WHERE execution = 'uniprint'"),
    Question("How many inkjet printers from Brother are there?",
             "SELECT COUNT(*) FROM printers WHERE make = 'Brother' AND mechanism = 'inkjet'"),
    Question("What is the maximum resolution of the HP LaserJet 4?",
             "SELECT dpi_x, dpi_y FROM printers WHERE make = 'HP' AND model = 'LaserJet 4'"),
    Question("Which driver is recommended for the Samsung ML-2010?",
             "SELECT driver FROM printers WHERE make = 'Samsung' AND model = 'ML-2010'"),
    Question("How well does the Epson Stylus Photo R300 work?",
             "SELECT functionality FROM printers"
             " WHERE make = 'Epson' AND model = 'Stylus Photo R300'"),
    Question("How many printers have no driver listed in their own entry?",
             "SELECT COUNT(*) FROM printers p WHERE NOT EXISTS"
             " (SELECT 1 FROM printer_drivers pd WHERE pd.printer = p.id)"),
    Question("How many printers have no recommended driver?",
             "SELECT COUNT(*) FROM printers WHERE driver IS NULL"),
    Question("Which printing technology is the rarest?",
             "SELECT mechanism FROM printers WHERE mechanism IS NOT NULL GROUP BY mechanism"
             " ORDER BY COUNT(*) LIMIT 1"),
    Question("Which brand has the most dot-matrix printers?",
             "SELECT make FROM printers WHERE mechanism = 'dotmatrix' GROUP BY make"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many Canon printers work perfectly?",
             "SELECT COUNT(*) FROM printers WHERE make = 'Canon' AND functionality = 'A'"),
    Question("What percentage of all printers work perfectly?",
             "SELECT ROUND(100.0 * SUM(functionality = 'A') / COUNT(*), 1) FROM printers"),
    Question("How many manufacturers have more than 100 printers in the database?",
             "SELECT COUNT(*) FROM (SELECT make FROM printers GROUP BY make"
             " HAVING COUNT(*) > 100)"),
    Question("List the top 5 manufacturers by number of printers.",
             "SELECT make FROM printers GROUP BY make ORDER BY COUNT(*) DESC LIMIT 5",
             column=True),
    Question("How many HP LaserJet models are there?",
             "SELECT COUNT(*) FROM printers WHERE make = 'HP' AND model LIKE '%LaserJet%'"),
    Question("Among makes with at least 50 printers, which has the highest average horizontal"
             " resolution?",
             "SELECT make FROM printers WHERE dpi_x IS NOT NULL GROUP BY make"
             " HAVING COUNT(*) >= 50 ORDER BY AVG(dpi_x) DESC LIMIT 1"),
    Question("How many colour printers does Xerox have?",
             "SELECT COUNT(*) FROM printers WHERE make = 'Xerox' AND color = 1"),
    Question("Besides Epson, which make has the most printers that understand ESC/P?",
             f"SELECT p.make FROM {_LANG} WHERE l.language = 'escp' AND p.make <> 'Epson'"
             " GROUP BY p.make ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many HP printers don't support PostScript?",
             "SELECT COUNT(*) FROM printers p WHERE make = 'HP' AND NOT EXISTS"
             " (SELECT 1 FROM printer_languages l WHERE l.printer = p.id"
             " AND l.language = 'postscript')"),
    Question("How many Lexmark printers work less than perfectly?",
             "SELECT COUNT(*) FROM printers WHERE make = 'Lexmark' AND functionality <> 'A'"),
    Question("Which PCL version is the most common among printers?",
             "SELECT level FROM printer_languages WHERE language = 'pcl' AND level IS NOT NULL"
             " GROUP BY level ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which manufacturer has the most ready-made PPD files?",
             "SELECT p.make FROM printer_drivers pd JOIN printers p ON p.id = pd.printer"
             " WHERE pd.ppd IS NOT NULL GROUP BY p.make ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What is the PPD file for the Ricoh IPSiO SP C731?",
             "SELECT pd.ppd FROM printer_drivers pd JOIN printers p ON p.id = pd.printer"
             " WHERE p.make = 'Ricoh' AND p.model = 'IPSiO SP C731' AND pd.ppd IS NOT NULL"),
    Question("How many Kyocera printers can use the pxlmono driver?",
             f"SELECT COUNT(*) FROM {_SUPPORTED} WHERE dp.driver = 'pxlmono'"
             " AND p.make = 'Kyocera'"),
    Question("Which driver supports the most Kyocera printers?",
             f"SELECT dp.driver FROM {_SUPPORTED} WHERE p.make = 'Kyocera' GROUP BY dp.driver"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which driver is the only one not supplied by a third party?",
             "SELECT name FROM drivers WHERE thirdpartysupplied = 0"),
    Question("How many drivers are built into Ghostscript?",
             "SELECT COUNT(*) FROM drivers WHERE execution = 'ghostscript'"),
    Question("List the HP DeskJet printers supported by the cdj550 driver.",
             f"SELECT p.model FROM {_SUPPORTED} WHERE dp.driver = 'cdj550' AND p.make = 'HP'"
             " AND p.model LIKE 'DeskJet%' ORDER BY p.model",
             column=True),
    Question("What does the database say about using the ljet4 driver with the Brother HL-960?",
             f"SELECT dp.comment FROM {_SUPPORTED} WHERE dp.driver = 'ljet4'"
             " AND p.make = 'Brother' AND p.model = 'HL-960'"),
    Question("How many on/off options are there?",
             "SELECT COUNT(*) FROM options WHERE type = 'bool'"),
    Question("Which option name is used by the most options?",
             "SELECT arg_shortname FROM options GROUP BY arg_shortname"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What is the allowed range of the Bottom Margin option?",
             "SELECT arg_min, arg_max FROM options WHERE arg_longname = 'Bottom Margin'"),
    Question("Which options does the ljet4 driver offer?",
             f"SELECT DISTINCT o.arg_shortname FROM {_RULES} WHERE k.driver = 'ljet4'"
             " AND k.sense = 'true' ORDER BY 1",
             column=True),
    Question("Which driver has the most options?",
             "SELECT driver FROM option_constraints WHERE sense = 'true' AND driver IS NOT NULL"
             " GROUP BY driver ORDER BY COUNT(DISTINCT option) DESC LIMIT 1"),
    Question("How many options are sent to the printer as PJL commands?",
             "SELECT COUNT(*) FROM options WHERE arg_style = 'pjl'"),
    Question("Which print dialog group holds the most options?",
             "SELECT arg_group FROM options WHERE arg_group IS NOT NULL GROUP BY arg_group"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many choices does the eplaser-jp Model option have?",
             f"SELECT COUNT(*) FROM {_CHOICES} WHERE o.id = 'eplaser-jp-Model'"),
    Question("Which numeric option allows the largest value?",
             "SELECT arg_longname FROM options WHERE type IN ('int', 'float')"
             " ORDER BY arg_max DESC LIMIT 1"),
    *_no(
        "How much does the HP LaserJet 4 cost?",
        "When was the Epson Stylus Photo R300 released?",
        "How many pages per minute does the Brother HL-1250 print?",
        "How many sheets does the paper tray of the Samsung ML-2010 hold?",
        "What is the price of a toner cartridge for the Kyocera FS-1000?",
        "Which printer should I buy for printing photos at home?",
        "Which printers will get Linux drivers next year?",
        "How many LaserJet printers did HP sell in 2005?",
        "Summarize what users say about the Samsung ML-2010.",
        "Is Canon a better printer brand than Epson?",
        "How much does a PostScript licence cost a manufacturer?",
        "Which version of CUPS is installed on my computer?",
        "¿Cuántas páginas por minuto imprime la HP LaserJet 4?",
        "Wie viel Strom verbraucht der Drucker Brother HL-1250?",
    ),
]  # fmt: skip
