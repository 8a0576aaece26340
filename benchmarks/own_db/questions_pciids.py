"""The PCI ID list's questions (pciids.md): the twenty-fourth held-out database.  Written
from Debian's pci.ids file and a look at the built rows by a helper who never read the
linker's code, before the agent was ever run on it; every gold SQL was checked with sqlite3
alone.  A vendor named by its name may hold several ids (Red Hat, Lenovo): the gold counts
them all; a "subsystem vendor" is a subsystem's ``subvendor``."""

from __future__ import annotations

from .questions import Question


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


_DEVICES = "device d JOIN vendor v ON v.vendor = d.vendor"
_MAKERS = "subsystem s JOIN vendor v ON v.vendor = s.subvendor"
PCIIDS = [
    Question("How many vendors are there?", "SELECT COUNT(*) FROM vendor"),
    Question("How many devices are listed?", "SELECT COUNT(*) FROM device"),
    Question("How many subsystems are there?", "SELECT COUNT(*) FROM subsystem"),
    Question("How many device classes are there?", "SELECT COUNT(*) FROM class"),
    Question("Which vendor has the PCI id 1af4?",
             "SELECT vendor_name FROM vendor WHERE vendor = '1af4'"),
    Question("What is the vendor id of NVIDIA Corporation?",
             "SELECT vendor FROM vendor WHERE vendor_name = 'NVIDIA Corporation'"),
    Question("What is the name of device 1533 of vendor 8086?",
             "SELECT device_name FROM device WHERE vendor = '8086' AND device = '1533'"),
    Question("What is the class code of the Display controller class?",
             "SELECT class FROM class WHERE class_name = 'Display controller'"),
    Question("What is subclass 00 of the Display controller class called?",
             "SELECT s.subclass_name FROM subclass s JOIN class c ON c.class = s.class "
             "WHERE c.class_name = 'Display controller' AND s.subclass = '00'"),
    Question("Which vendor makes the NetXtreme II BCM5709 Gigabit Ethernet?",
             f"SELECT v.vendor_name FROM {_DEVICES} "
             "WHERE d.device_name = 'NetXtreme II BCM5709 Gigabit Ethernet'"),
    Question("How many devices does Intel Corporation have?",
             f"SELECT COUNT(*) FROM {_DEVICES} WHERE v.vendor_name = 'Intel Corporation'"),
    Question("How many devices does Advanced Micro Devices, Inc. [AMD/ATI] have?",
             f"SELECT COUNT(*) FROM {_DEVICES} "
             "WHERE v.vendor_name = 'Advanced Micro Devices, Inc. [AMD/ATI]'"),
    Question("How many subsystems does Lenovo make?",
             f"SELECT COUNT(*) FROM {_MAKERS} WHERE v.vendor_name = 'Lenovo'"),
    Question("How many subsystems does device 8086:1533 have?",
             "SELECT COUNT(*) FROM subsystem WHERE vendor = '8086' AND device = '1533'"),
    Question("How many subclasses does the Network controller class have?",
             "SELECT COUNT(*) FROM subclass s JOIN class c ON c.class = s.class "
             "WHERE c.class_name = 'Network controller'"),
    Question("Which vendor has the most devices?",
             f"SELECT v.vendor_name FROM {_DEVICES} GROUP BY d.vendor "
             "ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Excluding Intel Corporation, which vendor has the most devices?",
             f"SELECT v.vendor_name FROM {_DEVICES} WHERE v.vendor_name <> 'Intel Corporation' "
             "GROUP BY d.vendor ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which device has the most subsystems?",
             "SELECT d.device_name FROM subsystem s JOIN device d "
             "ON d.vendor = s.vendor AND d.device = s.device "
             "GROUP BY s.vendor, s.device ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which subsystem vendor makes the most subsystems?",
             f"SELECT v.vendor_name FROM {_MAKERS} GROUP BY s.subvendor "
             "ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which class has the most subclasses?",
             "SELECT c.class_name FROM subclass s JOIN class c ON c.class = s.class "
             "GROUP BY s.class ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which Realtek Semiconductor Co., Ltd. device has the most subsystems?",
             "SELECT d.device_name FROM subsystem s JOIN device d "
             "ON d.vendor = s.vendor AND d.device = s.device JOIN vendor v ON v.vendor = d.vendor "
             "WHERE v.vendor_name = 'Realtek Semiconductor Co., Ltd.' "
             "GROUP BY s.vendor, s.device ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which subsystem vendor makes the most subsystems for AMD/ATI devices?",
             f"SELECT v.vendor_name FROM {_MAKERS} JOIN vendor c ON c.vendor = s.vendor "
             "WHERE c.vendor_name = 'Advanced Micro Devices, Inc. [AMD/ATI]' "
             "GROUP BY s.subvendor ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("List the subclasses of the Serial bus controller class.",
             "SELECT s.subclass_name FROM subclass s JOIN class c ON c.class = s.class "
             "WHERE c.class_name = 'Serial bus controller'", column=True),
    Question("List the devices of Red Hat, Inc.",
             f"SELECT d.device_name FROM {_DEVICES} WHERE v.vendor_name = 'Red Hat, Inc.'",
             column=True),
    Question("List the device classes whose name contains 'controller'.",
             "SELECT class_name FROM class WHERE class_name LIKE '%controller%'", column=True),
    Question("Which device classes have no subclasses?",
             "SELECT class_name FROM class c WHERE NOT EXISTS "
             "(SELECT 1 FROM subclass s WHERE s.class = c.class)", column=True),
    Question("How many vendors have no devices listed?",
             "SELECT COUNT(*) FROM vendor v WHERE NOT EXISTS "
             "(SELECT 1 FROM device d WHERE d.vendor = v.vendor)"),
    Question("How many vendors never make a subsystem?",
             "SELECT COUNT(*) FROM vendor v WHERE NOT EXISTS "
             "(SELECT 1 FROM subsystem s WHERE s.subvendor = v.vendor)"),
    Question("How many vendors have more than 100 devices?",
             "SELECT COUNT(*) FROM (SELECT vendor FROM device GROUP BY vendor "
             "HAVING COUNT(*) > 100)"),
    Question("How many vendors have exactly one device?",
             "SELECT COUNT(*) FROM (SELECT vendor FROM device GROUP BY vendor "
             "HAVING COUNT(*) = 1)"),
    Question("How many devices have GeForce in their name?",
             "SELECT COUNT(*) FROM device WHERE device_name LIKE '%GeForce%'"),
    Question("How many vendor entries are marked as a wrong ID?",
             "SELECT COUNT(*) FROM vendor WHERE vendor_name LIKE '%wrong ID%'"),
    Question("How many Intel Corporation devices have Ethernet in their name?",
             f"SELECT COUNT(*) FROM {_DEVICES} WHERE v.vendor_name = 'Intel Corporation' "
             "AND d.device_name LIKE '%Ethernet%'"),
    Question("How many Intel Corporation devices have no subsystems?",
             f"SELECT COUNT(*) FROM {_DEVICES} WHERE v.vendor_name = 'Intel Corporation' "
             "AND NOT EXISTS (SELECT 1 FROM subsystem s "
             "WHERE s.vendor = d.vendor AND s.device = d.device)"),
    Question("How many subsystems of NVIDIA Corporation devices are made by ASUSTeK Computer Inc.?",
             f"SELECT COUNT(*) FROM {_MAKERS} JOIN vendor c ON c.vendor = s.vendor "
             "WHERE c.vendor_name = 'NVIDIA Corporation' "
             "AND v.vendor_name = 'ASUSTeK Computer Inc.'"),
    Question("How many subsystems does Dell make for Intel Corporation devices?",
             f"SELECT COUNT(*) FROM {_MAKERS} JOIN vendor c ON c.vendor = s.vendor "
             "WHERE c.vendor_name = 'Intel Corporation' AND v.vendor_name = 'Dell'"),
    Question("How many different vendors make subsystems for NVIDIA Corporation devices?",
             "SELECT COUNT(DISTINCT s.subvendor) FROM subsystem s JOIN vendor c "
             "ON c.vendor = s.vendor WHERE c.vendor_name = 'NVIDIA Corporation'"),
    Question("How many subsystems are made by the same vendor as their device?",
             "SELECT COUNT(*) FROM subsystem WHERE subvendor = vendor"),
    Question("How many vendors make subsystems but have no devices of their own?",
             "SELECT COUNT(*) FROM vendor v WHERE EXISTS "
             "(SELECT 1 FROM subsystem s WHERE s.subvendor = v.vendor) AND NOT EXISTS "
             "(SELECT 1 FROM device d WHERE d.vendor = v.vendor)"),
    Question("Which vendors make subsystems for device 8086:1533?",
             f"SELECT DISTINCT v.vendor_name FROM {_MAKERS} "
             "WHERE s.vendor = '8086' AND s.device = '1533'", column=True),
    Question("What is the average number of devices per vendor, counting only vendors with "
             "devices?",
             "SELECT AVG(n) FROM (SELECT COUNT(*) AS n FROM device GROUP BY vendor)"),
    Question("What is the average number of subsystems per device that has any?",
             "SELECT AVG(n) FROM (SELECT COUNT(*) AS n FROM subsystem "
             "GROUP BY vendor, device)"),
    Question("How many devices does each vendor with more than 500 devices have?",
             f"SELECT v.vendor_name, COUNT(*) FROM {_DEVICES} GROUP BY d.vendor "
             "HAVING COUNT(*) > 500"),
    Question("How many subclasses does each class have?",
             "SELECT c.class_name, COUNT(s.subclass) FROM class c "
             "LEFT JOIN subclass s ON s.class = c.class GROUP BY c.class"),
    *_no(
        "When was the PCI id 10de assigned to NVIDIA?",
        "What is the price of the GeForce RTX 4090?",
        "Which Linux driver supports the I210 Gigabit Network Connection?",
        "How many PCI devices will Intel release next year?",
        "Which graphics card vendor is the best?",
        "How many units of the RTL8111/8168/8411 controller were sold?",
        "What is the USB vendor id of Logitech?",
        "How much power does the Radeon HD 7470M draw?",
        "Which devices are installed in my computer right now?",
        "Write a poem about an Ethernet controller.",
        "¿Cuántos dispositivos tiene NVIDIA?",
        "Welcher Hersteller hat die meisten Geräte?",
    ),
]  # fmt: skip
