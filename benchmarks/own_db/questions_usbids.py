"""The USB ID Repository's questions (usbids.md): a held-out database chosen from Debian's
hardware id lists.  Written from usb.ids of Debian's usb.ids 2025.07.26-0+deb12u1 and a
look at the built rows by a helper who never read the linker's code, before the agent was
ever run on it; every gold SQL was checked with sqlite3 alone.  A vendor is asked by its
name or its hex id, a device by its name or its vendor's and its own hex ids."""

from __future__ import annotations

from .questions import Question


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


_DEVICES = "device d JOIN vendor v ON v.vendor = d.vendor"
_SUBCLASSES = "subclass s JOIN class c ON c.class = s.class"
_DIALECTS = "dialect d JOIN language l ON l.language_id = d.language_id"
_USAGES = "hid_usage u JOIN hid_usage_page p ON p.hid_usage_page = u.hid_usage_page"
USBIDS = [
    Question("How many vendors are listed?", "SELECT COUNT(*) FROM vendor"),
    Question("How many devices are there in total?", "SELECT COUNT(*) FROM device"),
    Question("How many USB device classes are there?", "SELECT COUNT(*) FROM class"),
    Question("How many languages are listed?", "SELECT COUNT(*) FROM language"),
    Question("How many HID usage pages are there?", "SELECT COUNT(*) FROM hid_usage_page"),
    Question(
        "What is the name of the vendor with id 046d?",
        "SELECT vendor_name FROM vendor WHERE vendor = '046d'",
    ),
    Question(
        "Which vendor has the vendor id 28de?",
        "SELECT vendor_name FROM vendor WHERE vendor = '28de'",
    ),
    Question(
        "What is the vendor id of Nintendo?",
        "SELECT vendor FROM vendor WHERE vendor_name = 'Nintendo Co., Ltd'",
    ),
    Question(
        "How many devices does Logitech have?",
        f"SELECT COUNT(*) FROM {_DEVICES} WHERE v.vendor_name = 'Logitech, Inc.'",
    ),
    Question(
        "Which vendor has the most devices?",
        f"SELECT v.vendor_name, COUNT(*) AS n FROM {_DEVICES}"
        " GROUP BY v.vendor ORDER BY n DESC LIMIT 1",
    ),
    Question(
        "What are the top 5 vendors by number of devices?",
        f"SELECT v.vendor_name, COUNT(*) AS n FROM {_DEVICES}"
        " GROUP BY v.vendor ORDER BY n DESC LIMIT 5",
        column=True,
    ),
    Question(
        "Excluding Canon, which vendor has the most devices?",
        f"SELECT v.vendor_name, COUNT(*) AS n FROM {_DEVICES}"
        " WHERE v.vendor_name <> 'Canon, Inc.' GROUP BY v.vendor ORDER BY n DESC LIMIT 1",
    ),
    Question(
        "How many vendors never have any device listed?",
        "SELECT COUNT(*) FROM vendor WHERE vendor NOT IN (SELECT vendor FROM device)",
    ),
    Question(
        "How many vendors have more than 100 devices?",
        "SELECT COUNT(*) FROM (SELECT vendor FROM device GROUP BY vendor HAVING COUNT(*) > 100)",
    ),
    Question(
        "How many vendors have exactly one device listed?",
        "SELECT COUNT(*) FROM (SELECT vendor FROM device GROUP BY vendor HAVING COUNT(*) = 1)",
    ),
    Question(
        "On average, how many devices does a vendor with at least one device have?",
        "SELECT AVG(n) FROM (SELECT COUNT(*) AS n FROM device GROUP BY vendor)",
    ),
    Question(
        "How many devices have 'mouse' in their name?",
        "SELECT COUNT(*) FROM device WHERE device_name LIKE '%mouse%'",
    ),
    Question(
        "How many devices mention Bluetooth in their name?",
        "SELECT COUNT(*) FROM device WHERE device_name LIKE '%bluetooth%'",
    ),
    Question(
        "How many Microsoft devices are keyboards?",
        f"SELECT COUNT(*) FROM {_DEVICES} WHERE v.vendor_name = 'Microsoft Corp.'"
        " AND d.device_name LIKE '%keyboard%'",
    ),
    Question(
        "How many Canon devices are PowerShot cameras?",
        f"SELECT COUNT(*) FROM {_DEVICES} WHERE v.vendor_name = 'Canon, Inc.'"
        " AND d.device_name LIKE '%PowerShot%'",
    ),
    Question(
        "List all the devices of Valve Software.",
        f"SELECT d.device_name FROM {_DEVICES} WHERE v.vendor_name = 'Valve Software'",
        column=True,
    ),
    Question(
        "Which vendor makes the Joy-Con L?",
        f"SELECT v.vendor_name FROM {_DEVICES} WHERE d.device_name = 'Joy-Con L'",
    ),
    Question(
        "What is the device 028e of vendor 045e called?",
        "SELECT device_name FROM device WHERE vendor = '045e' AND device = '028e'",
    ),
    Question(
        "How many vendor ids are registered under the name Sony Corp.?",
        "SELECT COUNT(*) FROM vendor WHERE vendor_name = 'Sony Corp.'",
    ),
    Question(
        "How many devices do all the vendors with Sony in their name have together?",
        f"SELECT COUNT(*) FROM {_DEVICES} WHERE v.vendor_name LIKE '%Sony%'",
    ),
    Question(
        "What is the name of the class with code 08?",
        "SELECT class_name FROM class WHERE class = '08'",
    ),
    Question(
        "What is the code of the Printer class?",
        "SELECT class FROM class WHERE class_name = 'Printer'",
    ),
    Question(
        "List the subclasses of the Mass Storage class.",
        f"SELECT s.subclass_name FROM {_SUBCLASSES} WHERE c.class_name = 'Mass Storage'",
        column=True,
    ),
    Question(
        "Which class has the most subclasses?",
        f"SELECT c.class_name, COUNT(*) AS n FROM {_SUBCLASSES}"
        " GROUP BY c.class ORDER BY n DESC LIMIT 1",
    ),
    Question(
        "How many subclasses does the Audio class have?",
        f"SELECT COUNT(*) FROM {_SUBCLASSES} WHERE c.class_name = 'Audio'",
    ),
    Question(
        "How many classes have no subclasses at all?",
        "SELECT COUNT(*) FROM class WHERE class NOT IN (SELECT class FROM subclass)",
    ),
    Question(
        "Which subclass of the Application Specific Interface class has code 01?",
        f"SELECT s.subclass_name FROM {_SUBCLASSES}"
        " WHERE c.class_name = 'Application Specific Interface' AND s.subclass = '01'",
    ),
    Question(
        "What language has the language id 0007?",
        "SELECT language_name FROM language WHERE language_id = '0007'",
    ),
    Question(
        "List the dialects of Chinese.",
        f"SELECT d.dialect_name FROM {_DIALECTS} WHERE l.language_name = 'Chinese'",
        column=True,
    ),
    Question(
        "Which language has the most dialects?",
        f"SELECT l.language_name, COUNT(*) AS n FROM {_DIALECTS}"
        " GROUP BY l.language_id ORDER BY n DESC LIMIT 1",
    ),
    Question(
        "How many dialects of English are listed?",
        f"SELECT COUNT(*) FROM {_DIALECTS} WHERE l.language_name = 'English'",
    ),
    Question(
        "How many languages have no dialects?",
        "SELECT COUNT(*) FROM language WHERE language_id NOT IN (SELECT language_id FROM dialect)",
    ),
    Question(
        "How many languages are named 'forgotten'?",
        "SELECT COUNT(*) FROM language WHERE language_name = 'forgotten'",
    ),
    Question(
        "How many usages does the Keyboard usage page have?",
        f"SELECT COUNT(*) FROM {_USAGES} WHERE p.hid_usage_page_name = 'Keyboard'",
    ),
    Question(
        "Which HID usage page has the most usages?",
        f"SELECT p.hid_usage_page_name, COUNT(*) AS n FROM {_USAGES}"
        " GROUP BY p.hid_usage_page ORDER BY n DESC LIMIT 1",
    ),
    Question(
        "List the usages of the Game Controls page.",
        f"SELECT u.hid_usage_name FROM {_USAGES} WHERE p.hid_usage_page_name = 'Game Controls'",
        column=True,
    ),
    Question(
        "How many HID usage pages define no usages?",
        "SELECT COUNT(*) FROM hid_usage_page WHERE hid_usage_page NOT IN"
        " (SELECT hid_usage_page FROM hid_usage)",
    ),
    Question(
        "What is usage 002 of the Generic Desktop Controls page called?",
        f"SELECT u.hid_usage_name FROM {_USAGES}"
        " WHERE p.hid_usage_page_name = 'Generic Desktop Controls' AND u.hid_usage = '002'",
    ),
    Question(
        "How many usages does each HID usage page have?",
        "SELECT p.hid_usage_page_name, COUNT(u.hid_usage) FROM hid_usage_page p"
        " LEFT JOIN hid_usage u ON u.hid_usage_page = p.hid_usage_page"
        " GROUP BY p.hid_usage_page",
    ),
    Question(
        "How many dialects does each language with dialects have?",
        f"SELECT l.language_name, COUNT(*) FROM {_DIALECTS} GROUP BY l.language_id",
    ),
    Question(
        "How many devices does Nintendo have?",
        f"SELECT COUNT(*) FROM {_DEVICES} WHERE v.vendor_name = 'Nintendo Co., Ltd'",
    ),
    *_no(
        "What is the price of the Logitech MX Master mouse?",
        "When was Valve Software founded?",
        "Which devices will Logitech add to the list next year?",
        "How many Xbox360 Controllers were sold?",
        "Which USB version (2.0 or 3.0) does each Canon device support?",
        "Which Linux driver handles the Realtek device 8153?",
        "Which device class does the Logitech device c52b belong to?",
        "In which country is each vendor headquartered?",
        "Which vendor makes the best gaming mice?",
        "How much power in milliwatts does the Wii Remote Controller draw?",
        "Summarize this: USB4 doubles the bandwidth of USB 3.2 and tunnels DisplayPort.",
        "Who added the most entries to the USB ID list?",
        "¿Cuánto cuesta el Joy-Con L de Nintendo?",
        "Welcher Hersteller verkauft die meisten USB-Sticks?",
    ),
]
