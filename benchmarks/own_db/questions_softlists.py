"""Software list questions (softlists.md): a held-out database chosen from Debian's game data
packages.  Written from the hash/*.xml files of ``mame-data`` 0.251+dfsg.1-1 and a look at
the built rows by a helper who never read the linker's code, before the agent was ever run on
it; every gold SQL was checked with sqlite3 alone.  A system's "games" or "cartridges" are
the software of its list (``nes``, ``snes``, ``megadriv``...), clones included unless the
question leaves them out; a title is found by its full description; "released in" a year is
the software's ``year``."""

from __future__ import annotations

from .questions import Question

_SW = "software s JOIN softwarelist l ON l.name = s.softwarelist"
_INFO = "info i JOIN software s ON s.softwarelist = i.softwarelist AND s.name = i.software"
_AREA = "dataarea d JOIN software s ON s.softwarelist = d.softwarelist AND s.name = d.software"
_PARTS = "part p JOIN software s ON s.softwarelist = p.softwarelist AND s.name = p.software"
_CLONES = "software c JOIN software p ON p.softwarelist = c.softwarelist AND p.name = c.cloneof"


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


SOFTLISTS = [
    Question("How many software lists are there?", "SELECT COUNT(*) FROM softwarelist"),
    Question("How many NES cartridges are listed?",
             "SELECT COUNT(*) FROM software WHERE softwarelist = 'nes'"),
    Question("Which system's list has the most software?",
             f"SELECT l.description FROM {_SW} GROUP BY l.name ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What are the top 5 software lists by number of entries?",
             f"SELECT l.description FROM {_SW} GROUP BY l.name ORDER BY COUNT(*) DESC LIMIT 5",
             column=True),
    Question("What is the average number of entries per software list?",
             "SELECT ROUND(AVG(n), 2) FROM (SELECT COUNT(*) AS n FROM software"
             " GROUP BY softwarelist)"),
    Question("How many Famicom Disk System games are there?",
             "SELECT COUNT(*) FROM software WHERE softwarelist = 'famicom_flop'"),
    Question("Who published Puggsy on the Mega Drive?",
             "SELECT publisher FROM software WHERE softwarelist = 'megadriv'"
             " AND description LIKE 'Puggsy%'"),
    Question("In what year did Super Mario Bros. 3 come out in Japan?",
             "SELECT year FROM software WHERE softwarelist = 'nes'"
             " AND description LIKE 'Super Mario Bros. 3 (Japan%'"),
    Question("What was the release date of the US version of Super Mario Bros. 3?",
             f"SELECT i.value FROM {_INFO} WHERE s.softwarelist = 'nes'"
             " AND s.description = 'Super Mario Bros. 3 (USA)' AND i.name = 'release'"),
    Question("What is the serial number of the European Super Mario Bros. 3 cartridge?",
             f"SELECT i.value FROM {_INFO} WHERE s.softwarelist = 'nes'"
             " AND s.description = 'Super Mario Bros. 3 (Europe)' AND i.name = 'serial'"),
    Question("What is the Japanese title of Final Fantasy IV Easy Type on the Super Famicom?",
             f"SELECT i.value FROM {_INFO} WHERE s.softwarelist = 'snes'"
             " AND s.description LIKE 'Final Fantasy IV - Easy Type%' AND i.name = 'alt_title'"),
    Question("What is the oldest piece of software in the catalogue?",
             "SELECT description FROM software WHERE year GLOB '[0-9][0-9][0-9][0-9]'"
             " ORDER BY year LIMIT 1"),
    Question("What is the earliest year of an Atari 2600 cartridge?",
             "SELECT MIN(year) FROM software WHERE softwarelist = 'a2600'"
             " AND year GLOB '[0-9][0-9][0-9][0-9]'"),
    Question("Which publisher has the most Mega Drive games?",
             "SELECT publisher FROM software WHERE softwarelist = 'megadriv'"
             " GROUP BY publisher ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which real publisher has the most software overall, not counting unknown,"
             " pirate or homebrew entries?",
             "SELECT publisher FROM software WHERE publisher NOT LIKE '<%'"
             " GROUP BY publisher ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Who are the top 5 publishers of Game Boy cartridges?",
             "SELECT publisher FROM software WHERE softwarelist = 'gameboy'"
             " GROUP BY publisher ORDER BY COUNT(*) DESC LIMIT 5", column=True),
    Question("Which publishers released more than 100 NES cartridges, excluding unknown and"
             " pirate ones?",
             "SELECT publisher FROM software WHERE softwarelist = 'nes'"
             " AND publisher NOT LIKE '<%' GROUP BY publisher HAVING COUNT(*) > 100"
             " ORDER BY COUNT(*) DESC", column=True),
    Question("How many different publishers appear in the ZX Spectrum cassette list?",
             "SELECT COUNT(DISTINCT publisher) FROM software"
             " WHERE softwarelist = 'spectrum_cass'"),
    Question("Which company published the most Amstrad CPC disks, leaving out unknown"
             " publishers?",
             "SELECT publisher FROM software WHERE softwarelist = 'cpc_flop'"
             " AND publisher <> '<unknown>' GROUP BY publisher ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many entries does MAME not support at all?",
             "SELECT COUNT(*) FROM software WHERE supported = 'no'"),
    Question("How many PlayStation games don't work in the emulator?",
             "SELECT COUNT(*) FROM software WHERE softwarelist = 'psx' AND supported = 'no'"),
    Question("How many entries are there for each level of emulation support?",
             "SELECT supported, COUNT(*) FROM software GROUP BY supported"
             " ORDER BY COUNT(*) DESC"),
    Question("How many software lists have never had a single fully working entry?",
             "SELECT COUNT(*) FROM softwarelist l WHERE NOT EXISTS (SELECT 1 FROM software s"
             " WHERE s.softwarelist = l.name AND s.supported = 'yes')"),
    Question("In which year were the most Game Boy Advance games released?",
             "SELECT year FROM software WHERE softwarelist = 'gba'"
             " AND year GLOB '[0-9][0-9][0-9][0-9]' GROUP BY year ORDER BY COUNT(*) DESC"
             " LIMIT 1"),
    Question("How many Game Boy games came out in 1990?",
             "SELECT COUNT(*) FROM software WHERE softwarelist = 'gameboy' AND year = '1990'"),
    Question("How many Game Boy Advance games were released after 2004?",
             "SELECT COUNT(*) FROM software WHERE softwarelist = 'gba'"
             " AND year GLOB '[0-9][0-9][0-9][0-9]' AND year > '2004'"),
    Question("How many SNES games came out in 1993, excluding clones?",
             "SELECT COUNT(*) FROM software WHERE softwarelist = 'snes' AND year = '1993'"
             " AND cloneof IS NULL"),
    Question("In which decade was the most software released?",
             "SELECT substr(year, 1, 3) || '0s' FROM software"
             " WHERE year GLOB '[0-9][0-9][0-9][0-9]' GROUP BY substr(year, 1, 3)"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many entries have an uncertain or unknown year?",
             "SELECT COUNT(*) FROM software WHERE year LIKE '%?%'"),
    Question("Which publisher released the most Saturn games in 1996?",
             "SELECT publisher FROM software WHERE softwarelist = 'saturn' AND year = '1996'"
             " GROUP BY publisher ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which company had the most Atari 2600 cartridges in 1982?",
             "SELECT publisher FROM software WHERE softwarelist = 'a2600' AND year = '1982'"
             " GROUP BY publisher ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many homebrew programs are listed?",
             "SELECT COUNT(*) FROM software WHERE publisher = '<homebrew>'"),
    Question("Which system has the most homebrew software?",
             f"SELECT l.description FROM {_SW} WHERE s.publisher = '<homebrew>'"
             " GROUP BY l.name ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many pirate NES cartridges are there?",
             "SELECT COUNT(*) FROM software WHERE softwarelist = 'nes'"
             " AND publisher = '<pirate>'"),
    Question("How many SNES entries are clones of another release?",
             "SELECT COUNT(*) FROM software WHERE softwarelist = 'snes'"
             " AND cloneof IS NOT NULL"),
    Question("How many Mega Drive games did Electronic Arts publish, excluding clones?",
             "SELECT COUNT(*) FROM software WHERE softwarelist = 'megadriv'"
             " AND publisher = 'Electronic Arts' AND cloneof IS NULL"),
    Question("Which Mega Drive game has the most alternative versions?",
             f"SELECT p.description FROM {_CLONES} WHERE c.softwarelist = 'megadriv'"
             " GROUP BY p.name ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which SNES game has the most clones?",
             f"SELECT p.description FROM {_CLONES} WHERE c.softwarelist = 'snes'"
             " GROUP BY p.name ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many entries have notes from the maintainers?",
             "SELECT COUNT(*) FROM software WHERE notes IS NOT NULL"),
    Question("Which developer made the most software?",
             "SELECT value FROM info WHERE name = 'developer' GROUP BY value"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many MSX tapes are loaded with RUN\"CAS:\"?",
             "SELECT COUNT(*) FROM info WHERE softwarelist IN ('msx1_cass', 'msx2_cass')"
             " AND name = 'usage'"
             " AND value = 'Load with RUN\"CAS:\"'"),
    Question("How many PlayStation games have no serial number?",
             "SELECT COUNT(*) FROM software s WHERE s.softwarelist = 'psx' AND NOT EXISTS"
             " (SELECT 1 FROM info i WHERE i.softwarelist = s.softwarelist"
             " AND i.software = s.name AND i.name = 'serial')"),
    Question("How many Game Boy Color cartridges only run on a Game Boy Color?",
             "SELECT COUNT(*) FROM sharedfeat WHERE softwarelist = 'gbcolor'"
             " AND name = 'compatibility' AND value = 'GBC'"),
    Question("How many PC Engine CD games need a system card or another disc?",
             "SELECT COUNT(DISTINCT software) FROM sharedfeat WHERE softwarelist = 'pcecd'"
             " AND name = 'requirement'"),
    Question("Which software comes on the most disks or tapes?",
             f"SELECT s.description FROM {_PARTS} GROUP BY p.softwarelist, p.software"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many titles come on more than 10 disks or tapes?",
             "SELECT COUNT(*) FROM (SELECT 1 FROM part GROUP BY softwarelist, software"
             " HAVING COUNT(*) > 10)"),
    Question("How many 3.5-inch floppy disks are there?",
             "SELECT COUNT(*) FROM part WHERE interface = 'floppy_3_5'"),
    Question("Which kind of media is the most common?",
             "SELECT interface FROM part GROUP BY interface ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What is the biggest SNES cartridge ROM, in bytes?",
             "SELECT MAX(size) FROM dataarea WHERE softwarelist = 'snes' AND name = 'rom'"),
    Question("What is the average ROM size of a Game Boy Advance cartridge?",
             "SELECT AVG(size) FROM dataarea WHERE softwarelist = 'gba' AND name = 'rom'"),
    Question("What is the most common program ROM size on NES cartridges?",
             "SELECT size FROM dataarea WHERE softwarelist = 'nes' AND name = 'prg'"
             " GROUP BY size ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which NES cartridge has the most memory in total?",
             f"SELECT s.description FROM {_AREA} WHERE d.softwarelist = 'nes'"
             " GROUP BY d.software ORDER BY SUM(d.size) DESC LIMIT 1"),
    Question("Which NES board type is the most common?",
             "SELECT value FROM feature WHERE softwarelist = 'nes' AND name = 'slot'"
             " GROUP BY value ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which NES circuit board is used most often?",
             "SELECT value FROM feature WHERE softwarelist = 'nes' AND name = 'pcb'"
             " GROUP BY value ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many NES games use an MMC3 chip?",
             "SELECT COUNT(DISTINCT software) FROM feature WHERE softwarelist = 'nes'"
             " AND name = 'mmc3_type'"),
    Question("How many SNES cartridges have a save battery?",
             "SELECT COUNT(DISTINCT software) FROM feature WHERE softwarelist = 'snes'"
             " AND name = 'battery'"),
    Question("How many Sega Saturn CD images are there?",
             "SELECT COUNT(*) FROM disk WHERE softwarelist = 'saturn'"),
    Question("How many hard disk images are there?",
             "SELECT COUNT(*) FROM disk WHERE diskarea = 'harddriv'"),
    Question("How many PlayStation disc images are known bad dumps?",
             "SELECT COUNT(*) FROM disk WHERE softwarelist = 'psx' AND status = 'baddump'"),
    Question("Which list has the most bad disk dumps?",
             "SELECT l.description FROM disk d JOIN softwarelist l ON l.name = d.softwarelist"
             " WHERE d.status = 'baddump' GROUP BY l.name ORDER BY COUNT(*) DESC LIMIT 1"),
    *_no(
        "How many copies of Super Mario Bros. 3 were sold?",
        "What did a new SNES cartridge of Star Ocean cost in 1996?",
        "Which Mega Drive game has the best review score?",
        "Who composed the music of Sonic the Hedgehog?",
        "What genre is Puggsy?",
        "How many players can play Bomberman at once on the PC Engine?",
        "Which software will be added to the NES list in the next MAME release?",
        "What is the current market price of a boxed copy of Final Fantasy IV?",
        "Summarize the story of The Legend of Zelda.",
        "Is the Mega Drive a better console than the SNES?",
        "How many people still own a working Atari 2600?",
        "Which console sold the most units worldwide?",
        "¿Cuántas copias vendió Tetris para Game Boy en todo el mundo?",
        "Welche Spiele für das Amiga wurden in Deutschland am häufigsten verkauft?",
        "Quel est le meilleur jeu de la Saturn selon les joueurs français ?",
    ),
]  # fmt: skip
