"""libwacom's tablet catalogue's questions (wacom.md): a held-out database chosen from
Debian's data packages.  Written from the *.tablet files and libwacom.stylus of Debian's
libwacom-common 2.6.0-1 and a look at the built rows by a helper who never read the linker's
code, before the agent was ever run on it; every gold SQL was checked with sqlite3 alone.
A device is asked by its name ("Wacom Intuos Pro M"), a maker by its name where the device
names carry it or by its USB vendor id, a stylus by its name or tool id."""

from __future__ import annotations

from .questions import Question


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


_SUPPORTS = "tablet_styli ts JOIN tablets t ON t.file = ts.tablet JOIN styli s ON s.id = ts.stylus"
_PAD = "tablet_buttons b JOIN tablets t ON t.file = b.tablet"
WACOM = [
    Question(
        "How many tablets and pen devices are in the catalogue?", "SELECT COUNT(*) FROM tablets"
    ),
    Question("How many styli are listed?", "SELECT COUNT(*) FROM styli"),
    Question(
        "How many devices have touch support?", "SELECT COUNT(*) FROM tablets WHERE Touch = 'true'"
    ),
    Question(
        "How many devices are pen displays, that is built into a display but not into a computer?",
        "SELECT COUNT(*) FROM tablets WHERE IntegratedIn = 'Display'",
    ),
    Question(
        "How many standalone tablets are there, not built into any screen?",
        "SELECT COUNT(*) FROM tablets WHERE IntegratedIn IS NULL",
    ),
    Question(
        "Which device class has the most devices?",
        "SELECT Class FROM tablets GROUP BY Class ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "How many devices are there in each class?",
        "SELECT Class, COUNT(*) FROM tablets WHERE Class IS NOT NULL GROUP BY Class",
    ),
    Question(
        "What is the model number of the Wacom Cintiq 24HD?",
        "SELECT ModelName FROM tablets WHERE Name = 'Wacom Cintiq 24HD'",
    ),
    Question(
        "How big is the Wacom Cintiq Pro 24, width and height in inches?",
        "SELECT DISTINCT Width, Height FROM tablets WHERE Name = 'Wacom Cintiq Pro 24'",
    ),
    Question(
        "Which device has the largest active area?",
        "SELECT Name FROM tablets WHERE Width IS NOT NULL ORDER BY Width * Height DESC LIMIT 1",
    ),
    Question(
        "Which devices have the most pad buttons?",
        "SELECT Name FROM tablets WHERE Buttons = (SELECT MAX(Buttons) FROM tablets)",
        column=True,
    ),
    Question(
        "What are the top 3 device classes by number of devices?",
        "SELECT Class, COUNT(*) FROM tablets GROUP BY Class ORDER BY COUNT(*) DESC LIMIT 3",
    ),
    Question(
        "How many devices have more than 10 buttons?",
        "SELECT COUNT(*) FROM tablets WHERE Buttons > 10",
    ),
    Question(
        "How many devices have no buttons at all?", "SELECT COUNT(*) FROM tablets WHERE Buttons = 0"
    ),
    Question(
        "What is the average number of buttons of the Intuos4 class devices?",
        "SELECT ROUND(AVG(Buttons), 2) FROM tablets WHERE Class = 'Intuos4'",
    ),
    Question(
        "How many devices have a touch ring?", "SELECT COUNT(*) FROM tablets WHERE Ring = 'true'"
    ),
    Question(
        "Which devices have two touch rings?",
        "SELECT Name FROM tablets WHERE Ring2 = 'true'",
        column=True,
    ),
    Question(
        "How many devices have two touch strips?",
        "SELECT COUNT(*) FROM tablets WHERE NumStrips = 2",
    ),
    Question(
        "How many devices can be used left-handed, turned upside down?",
        "SELECT COUNT(*) FROM tablets WHERE Reversible = 'true'",
    ),
    Question(
        "Which devices have a hardware switch to turn touch off?",
        "SELECT DISTINCT Name FROM tablets WHERE TouchSwitch = 'true'",
        column=True,
    ),
    Question(
        "What is the average width of the Cintiq devices in inches?",
        "SELECT ROUND(AVG(Width), 2) FROM tablets WHERE Class = 'Cintiq'",
    ),
    Question(
        "How many devices have a name starting with Huion?",
        "SELECT COUNT(*) FROM tablets WHERE Name LIKE 'Huion%'",
    ),
    Question(
        "How many devices are matched by a Bluetooth id?",
        "SELECT COUNT(DISTINCT tablet) FROM device_matches WHERE bus = 'bluetooth'",
    ),
    Question(
        "How many devices connect over I2C?",
        "SELECT COUNT(DISTINCT tablet) FROM device_matches WHERE bus = 'i2c'",
    ),
    Question(
        "How many hardware ids does each bus have?",
        "SELECT bus, COUNT(*) FROM device_matches GROUP BY bus",
    ),
    Question(
        "Which USB vendor id has the most devices?",
        "SELECT vendor_id FROM device_matches GROUP BY vendor_id"
        " ORDER BY COUNT(DISTINCT tablet) DESC LIMIT 1",
    ),
    Question(
        "What are the top 5 vendor ids by number of devices, over all buses?",
        "SELECT vendor_id, COUNT(DISTINCT tablet) FROM device_matches"
        " GROUP BY vendor_id ORDER BY COUNT(DISTINCT tablet) DESC LIMIT 5",
    ),
    Question(
        "How many devices use the USB vendor id 256c?",
        "SELECT COUNT(DISTINCT tablet) FROM device_matches WHERE vendor_id = '256c'",
    ),
    Question(
        "Which device has the USB product id 0357 from vendor 056a?",
        "SELECT t.Name FROM device_matches d JOIN tablets t ON t.file = d.tablet"
        " WHERE d.bus = 'usb' AND d.vendor_id = '056a' AND d.product_id = '0357'",
    ),
    Question(
        "How many devices have more than one hardware id?",
        "SELECT COUNT(*) FROM (SELECT tablet FROM device_matches GROUP BY tablet"
        " HAVING COUNT(*) > 1)",
    ),
    Question(
        "How many styli of each type are there?", "SELECT Type, COUNT(*) FROM styli GROUP BY Type"
    ),
    Question(
        "How many styli have an eraser at the other end?",
        "SELECT COUNT(*) FROM styli WHERE EraserType = 'Invert'",
    ),
    Question(
        "Which styli report rotation?",
        "SELECT DISTINCT s.Name FROM stylus_axes a JOIN styli s ON s.id = a.stylus"
        " WHERE a.axis = 'RotationZ'",
        column=True,
    ),
    Question("How many styli report tilt?", "SELECT COUNT(*) FROM stylus_axes WHERE axis = 'Tilt'"),
    Question(
        "How many styli report pressure but not tilt?",
        "SELECT COUNT(*) FROM styli s WHERE EXISTS (SELECT 1 FROM stylus_axes a"
        " WHERE a.stylus = s.id AND a.axis = 'Pressure') AND NOT EXISTS (SELECT 1"
        " FROM stylus_axes a WHERE a.stylus = s.id AND a.axis = 'Tilt')",
    ),
    Question(
        "Which styli have the most buttons?",
        "SELECT DISTINCT Name FROM styli WHERE Buttons = (SELECT MAX(Buttons) FROM styli)",
        column=True,
    ),
    Question(
        "How many styli have a lens cursor?", "SELECT COUNT(*) FROM styli WHERE HasLens = 'true'"
    ),
    Question(
        "What is the name of the stylus with tool id 0x842?",
        "SELECT Name FROM styli WHERE id = '0x842'",
    ),
    Question(
        "How many different styli work with the Wacom Intuos Pro M?",
        f"SELECT COUNT(DISTINCT s.id) FROM {_SUPPORTS} WHERE t.Name = 'Wacom Intuos Pro M'",
    ),
    Question(
        "Which stylus works with the most devices?",
        f"SELECT s.id, s.Name FROM {_SUPPORTS} GROUP BY s.id ORDER BY COUNT(*) DESC, s.id LIMIT 1",
    ),
    Question(
        "How many devices support an airbrush?",
        f"SELECT COUNT(DISTINCT t.file) FROM {_SUPPORTS} WHERE s.Type = 'Airbrush'",
    ),
    Question(
        "How many styli are never listed for any device?",
        "SELECT COUNT(*) FROM styli s WHERE NOT EXISTS"
        " (SELECT 1 FROM tablet_styli ts WHERE ts.stylus = s.id)",
    ),
    Question(
        "How many devices list no stylus at all?",
        "SELECT COUNT(*) FROM tablets t WHERE NOT EXISTS"
        " (SELECT 1 FROM tablet_styli ts WHERE ts.tablet = t.file)",
    ),
    Question(
        "Excluding the ISDV4 built-in sensors, how many devices work with more than 15 styli?",
        f"SELECT COUNT(*) FROM (SELECT t.file FROM {_SUPPORTS} WHERE t.Class <> 'ISDV4'"
        " GROUP BY t.file HAVING COUNT(*) > 15)",
    ),
    Question(
        "How many pad buttons sit on the right side of their device?",
        "SELECT COUNT(*) FROM tablet_buttons WHERE position = 'Right'",
    ),
    Question(
        "Which devices have buttons with OLED labels?",
        f"SELECT DISTINCT t.Name FROM {_PAD} WHERE b.OLED = 'true'",
        column=True,
    ),
    Question(
        "How many pad buttons switch the mode of a touch ring?",
        "SELECT COUNT(*) FROM tablet_buttons WHERE ModeSwitch IN ('Ring', 'Ring2')",
    ),
    Question(
        "On which side are the buttons of the Wacom Cintiq 24HD, and how many on each?",
        f"SELECT b.position, COUNT(*) FROM {_PAD} WHERE t.Name = 'Wacom Cintiq 24HD'"
        " GROUP BY b.position",
    ),
    *_no(
        "How much does the Wacom Intuos Pro M cost?",
        "When was the Wacom Cintiq 24HD released?",
        "How many pressure levels does the Pro Pen 2 have?",
        "What is the resolution in lines per inch of the Huion Kamvas 13?",
        "How much does the Wacom Cintiq Pro 24 weigh?",
        "Which tablet is the best for a beginner artist?",
        "Which new tablets will libwacom support next year?",
        "How many Intuos tablets did Wacom sell in 2020?",
        "Summarize this review: the Kamvas 13 is a bright pen display with little parallax.",
        "Which graphics tablet do professional illustrators prefer?",
        "What colour is the Wacom Intuos Pro M?",
        "How long does the battery of the AES Pen last?",
        "¿Cuál es la mejor tableta gráfica para dibujar manga?",
        "Combien coûte la tablette Wacom Cintiq 24HD en euros ?",
    ),
]
