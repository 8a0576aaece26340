"""Nmap questions (nmap.md): a held-out database chosen from Debian's data packages.
Written from the data files of ``nmap-common`` 7.93+dfsg1-1 and a look at the built rows by
a helper who never read the linker's code, before the agent was ever run on it; every gold
SQL was checked with sqlite3 alone.  A "port" is a row of ``services`` (a port number and a
transport protocol); "how often a port is open" is its ``open_frequency``; an operating
system's or device's fingerprints are counted once each, however many classes they have;
"recognised by version detection" means the ``matches`` lines."""

from __future__ import annotations

from .questions import Question

_CLASSES = "os_classes c JOIN os_fingerprints f ON f.fingerprint_id = c.fingerprint_id"
_CPES = "os_cpes p JOIN os_classes c ON c.class_id = p.class_id"
_MATCHES = "matches m JOIN probes p ON p.probe_id = m.probe_id"
_IN = "script_categories sc JOIN scripts s ON s.script = sc.script"


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


NMAP = [
    # ports and services
    Question("How many UDP ports are in Nmap's port list?",
             "SELECT COUNT(*) FROM services WHERE protocol = 'udp'"),
    Question("Which TCP port is most often found open?",
             "SELECT portnum FROM services WHERE protocol = 'tcp'"
             " ORDER BY open_frequency DESC LIMIT 1"),
    Question("What service is usually on UDP port 161?",
             "SELECT service_name FROM services WHERE portnum = 161 AND protocol = 'udp'"),
    Question("Which port does MySQL use?",
             "SELECT portnum FROM services WHERE service_name = 'mysql' AND protocol = 'tcp'"),
    Question("What is the description of TCP port 443?",
             "SELECT comment FROM services WHERE portnum = 443 AND protocol = 'tcp'"),
    Question("What are the top 5 UDP services by how often their port is open?",
             "SELECT service_name FROM services WHERE protocol = 'udp'"
             " ORDER BY open_frequency DESC LIMIT 5", column=True),
    Question("How many TCP ports are open on more than 1% of hosts?",
             "SELECT COUNT(*) FROM services WHERE protocol = 'tcp' AND open_frequency > 0.01"),
    Question("How many ports have no known service?",
             "SELECT COUNT(*) FROM services WHERE service_name = 'unknown'"),
    Question("How many different service names are there?",
             "SELECT COUNT(DISTINCT service_name) FROM services"),
    Question("Excluding unknown, which service name is listed on the most ports?",
             "SELECT service_name FROM services WHERE service_name <> 'unknown'"
             " GROUP BY service_name ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What is the highest TCP port number that has a named service?",
             "SELECT MAX(portnum) FROM services WHERE protocol = 'tcp'"
             " AND service_name <> 'unknown'"),
    Question("How many port numbers are listed for both TCP and UDP?",
             "SELECT COUNT(*) FROM services t JOIN services u ON u.portnum = t.portnum"
             " AND u.protocol = 'udp' WHERE t.protocol = 'tcp'"),
    Question("What is the average open frequency of the TCP ports below 1024?",
             "SELECT AVG(open_frequency) FROM services WHERE protocol = 'tcp' AND portnum < 1024"),
    Question("How many SCTP ports were never found open?",
             "SELECT COUNT(*) FROM services WHERE protocol = 'sctp' AND open_frequency = 0"),
    # protocols and RPC
    Question("What is the IP protocol number of GRE?",
             "SELECT number FROM protocols WHERE name = 'gre'"),
    Question("Which IP protocol has number 50?", "SELECT name FROM protocols WHERE number = 50"),
    Question("What is the RPC program number of NFS?",
             "SELECT number FROM rpc_programs WHERE name = 'nfs'"),
    Question("Which RPC program has the number 100005?",
             "SELECT name FROM rpc_programs WHERE number = 100005"),
    Question("How many RPC programs have no other names?",
             "SELECT COUNT(*) FROM rpc_programs WHERE aliases IS NULL"),
    # OS detection
    Question("How many OS fingerprints does Nmap have?", "SELECT COUNT(*) FROM os_fingerprints"),
    Question("How many fingerprints are classified as Linux?",
             "SELECT COUNT(DISTINCT fingerprint_id) FROM os_classes WHERE osfamily = 'Linux'"),
    Question("How many HP printer fingerprints are there?",
             "SELECT COUNT(DISTINCT fingerprint_id) FROM os_classes"
             " WHERE vendor = 'HP' AND type = 'printer'"),
    Question("Apart from general purpose, which device type has the most OS fingerprints?",
             "SELECT type FROM os_classes WHERE type <> 'general purpose' GROUP BY type"
             " ORDER BY COUNT(DISTINCT fingerprint_id) DESC LIMIT 1"),
    Question("How many different Windows versions are there in the OS database?",
             "SELECT COUNT(DISTINCT osgen) FROM os_classes WHERE osfamily = 'Windows'"),
    Question("Which vendor has the most game console fingerprints?",
             "SELECT vendor FROM os_classes WHERE type = 'game console' GROUP BY vendor"
             " ORDER BY COUNT(DISTINCT fingerprint_id) DESC LIMIT 1"),
    Question("How many Cisco routers are in the OS database?",
             "SELECT COUNT(DISTINCT fingerprint_id) FROM os_classes"
             " WHERE vendor = 'Cisco' AND type = 'router'"),
    Question("Which fingerprint has the most classes?",
             f"SELECT f.Fingerprint FROM {_CLASSES} GROUP BY f.fingerprint_id"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which CPE name is used by the most OS classes?",
             "SELECT cpe FROM os_cpes GROUP BY cpe ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many fingerprints have a hardware CPE?",
             f"SELECT COUNT(DISTINCT c.fingerprint_id) FROM {_CPES} WHERE p.cpe LIKE 'cpe:/h:%'"),
    Question("On average, how many classes does each fingerprint have?",
             "SELECT CAST(COUNT(*) AS REAL) / (SELECT COUNT(*) FROM os_fingerprints)"
             " FROM os_classes"),
    Question("How many OS classes don't give an OS generation?",
             "SELECT COUNT(*) FROM os_classes WHERE osgen IS NULL"),
    Question("List the Nintendo game console fingerprints.",
             f"SELECT DISTINCT f.Fingerprint FROM {_CLASSES} WHERE c.vendor = 'Nintendo'"
             " AND c.type = 'game console'", column=True),
    # version detection
    Question("How many UDP probes are there?",
             "SELECT COUNT(*) FROM probes WHERE protocol = 'UDP'"),
    Question("Which probe has the most match lines?",
             f"SELECT p.probename FROM {_MATCHES} GROUP BY p.probe_id"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What is the rarity of the SSLSessionReq probe?",
             "SELECT rarity FROM probes WHERE probename = 'SSLSessionReq'"),
    Question("What is the average rarity of the TCP probes?",
             "SELECT AVG(rarity) FROM probes WHERE protocol = 'TCP'"),
    Question("How many probes fall back to GetRequest?",
             "SELECT COUNT(*) FROM probes WHERE fallback = 'GetRequest'"),
    Question("How many match lines identify SSH?",
             "SELECT COUNT(*) FROM matches WHERE service = 'ssh'"),
    Question("Which service has the most match lines?",
             "SELECT service FROM matches GROUP BY service ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many softmatch lines are there?",
             "SELECT COUNT(*) FROM matches WHERE directive = 'softmatch'"),
    Question("Which FTP server product has the most match lines?",
             "SELECT product FROM matches WHERE service = 'ftp' AND product IS NOT NULL"
             " GROUP BY product ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many different printer products can version detection recognise?",
             "SELECT COUNT(DISTINCT product) FROM matches WHERE devicetype = 'printer'"),
    Question("How many match lines say the service runs on Windows?",
             "SELECT COUNT(*) FROM matches WHERE ostype = 'Windows'"),
    Question("How many match lines belong to UDP probes?",
             f"SELECT COUNT(*) FROM {_MATCHES} WHERE p.protocol = 'UDP'"),
    # scripts
    Question("How many NSE scripts are there?", "SELECT COUNT(*) FROM scripts"),
    Question("Who wrote the http-title script?",
             "SELECT author FROM scripts WHERE script = 'http-title'"),
    Question("Who is the first author of the most scripts?",
             "SELECT first_author FROM scripts GROUP BY first_author"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many scripts did Ron Bowes work on?",
             "SELECT COUNT(*) FROM scripts WHERE author LIKE '%Ron Bowes%'"),
    Question("How many scripts have more than one author?",
             "SELECT COUNT(*) FROM scripts WHERE author LIKE '%;%'"),
    Question("How many scripts are in the vuln category?",
             "SELECT COUNT(*) FROM script_categories WHERE category = 'vuln'"),
    Question("Which scripts can cause a denial of service?",
             "SELECT script FROM script_categories WHERE category = 'dos'", column=True),
    Question("Which categories is smb-os-discovery in?",
             "SELECT category FROM script_categories WHERE script = 'smb-os-discovery'",
             column=True),
    Question("Which category has the fewest scripts?",
             "SELECT category FROM script_categories GROUP BY category"
             " ORDER BY COUNT(*) LIMIT 1"),
    Question("How many brute-force scripts are not marked intrusive?",
             "SELECT COUNT(*) FROM script_categories b WHERE b.category = 'brute'"
             " AND NOT EXISTS (SELECT 1 FROM script_categories i WHERE i.script = b.script"
             " AND i.category = 'intrusive')"),
    Question("How many scripts never declare a license?",
             "SELECT COUNT(*) FROM scripts WHERE license IS NULL"),
    Question("How many HTTP scripts are there?",
             "SELECT COUNT(*) FROM scripts WHERE script LIKE 'http-%'"),
    Question("How many of the scripts Patrik Karlsson worked on are safe?",
             f"SELECT COUNT(*) FROM {_IN} WHERE sc.category = 'safe'"
             " AND s.author LIKE '%Patrik Karlsson%'"),
    Question("Which scripts run by default but send data to an external service?",
             "SELECT d.script FROM script_categories d JOIN script_categories e"
             " ON e.script = d.script WHERE d.category = 'default' AND e.category = 'external'",
             column=True),
    *_no(
        "Which hosts on my network have port 22 open?",
        "When was the ssh-brute script last changed?",
        "Which CVEs does the vulners script report for Apache httpd 2.4.49?",
        "How many bytes does the GetRequest probe send?",
        "What regular expression recognises OpenSSH?",
        "What TTL does a Windows 10 host answer with in the OS detection tests?",
        "Which version of Nmap will add support for HTTP/3?",
        "Summarize the description of the http-title script.",
        "Which NSE script is the most useful for a penetration tester?",
        "How much does the commercial Nmap OEM license cost?",
        "What share of web servers on the Internet run nginx today?",
        "How long does a full scan of all 65535 TCP ports take?",
        "Who founded the Nmap project and in what year?",
        "¿Cuántos puertos abiertos tiene mi servidor web?",
        "Quel est le pare-feu le plus sûr pour une petite entreprise ?",
        "Wie viele Sicherheitslücken hat Windows XP insgesamt?",
    ),
]  # fmt: skip
