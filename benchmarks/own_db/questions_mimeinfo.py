"""The shared MIME-info database's questions (mimeinfo.md): the forty-fourth held-out
database.  Written from shared-mime-info's ``freedesktop.org.xml`` and a look at the built
rows by a helper who never read the linker's code, before the agent was ever run on it;
every gold SQL was checked with sqlite3 alone.  A MIME type is named by its ``type``
("image/png"); its top-level media type is the part before the slash."""

from __future__ import annotations

from .questions import Question


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


_MEDIA = "substr(type, 1, instr(type, '/') - 1)"
_MATCH_OF = "magic_match x JOIN magic m ON m.magic_id = x.magic_id"
MIMEINFO = [
    Question("How many MIME types are there?", "SELECT COUNT(*) FROM mime_type"),
    Question(
        "How many image MIME types are there?",
        "SELECT COUNT(*) FROM mime_type WHERE type LIKE 'image/%'",
    ),
    Question(
        "How many MIME types are there in each top-level media type (application, image, "
        "audio...)?",
        f"SELECT {_MEDIA}, COUNT(*) FROM mime_type GROUP BY {_MEDIA}",
    ),
    Question(
        "Excluding application types, which top-level media type has the most MIME types?",
        f"SELECT {_MEDIA} FROM mime_type WHERE type NOT LIKE 'application/%' "
        f"GROUP BY {_MEDIA} ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "What is the description of application/pdf?",
        "SELECT comment FROM mime_type WHERE type = 'application/pdf'",
    ),
    Question(
        "What does the acronym SVG stand for?",
        "SELECT DISTINCT expanded_acronym FROM mime_type WHERE acronym = 'SVG'",
    ),
    Question(
        "How many MIME types have an acronym?",
        "SELECT COUNT(*) FROM mime_type WHERE acronym IS NOT NULL",
    ),
    Question(
        "How many MIME types use the generic icon x-office-spreadsheet?",
        "SELECT COUNT(*) FROM mime_type WHERE generic_icon = 'x-office-spreadsheet'",
    ),
    Question(
        "Which generic icon is used by the most MIME types?",
        "SELECT generic_icon FROM mime_type WHERE generic_icon IS NOT NULL "
        "GROUP BY generic_icon ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question("How many glob patterns are there?", "SELECT COUNT(*) FROM glob"),
    Question(
        "Which MIME type do files named *.pdf get?",
        "SELECT type FROM glob WHERE pattern = '*.pdf'",
    ),
    Question(
        "What is the description of the type for .docx files?",
        "SELECT m.comment FROM glob g JOIN mime_type m ON m.type = g.type "
        "WHERE g.pattern = '*.docx'",
    ),
    Question(
        "Which MIME types claim the *.iso pattern?",
        "SELECT type FROM glob WHERE pattern = '*.iso'",
        column=True,
    ),
    Question(
        "List the descriptions of the MIME types that files ending in .ogg can be.",
        "SELECT m.comment FROM glob g JOIN mime_type m ON m.type = g.type "
        "WHERE g.pattern = '*.ogg'",
        column=True,
    ),
    Question(
        "Which glob pattern is claimed by the most MIME types?",
        "SELECT pattern FROM glob GROUP BY pattern ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "Which MIME type has the most glob patterns?",
        "SELECT type FROM glob GROUP BY type ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "What are the glob patterns of video/x-matroska?",
        "SELECT pattern FROM glob WHERE type = 'video/x-matroska'",
        column=True,
    ),
    Question(
        "Which video types have more than 3 glob patterns?",
        "SELECT type FROM glob WHERE type LIKE 'video/%' GROUP BY type HAVING COUNT(*) > 3",
        column=True,
    ),
    Question(
        "How many glob patterns are case-sensitive?",
        "SELECT COUNT(*) FROM glob WHERE case_sensitive = 'true'",
    ),
    Question(
        "How many glob patterns have a weight above 50?",
        "SELECT COUNT(*) FROM glob WHERE weight > 50",
    ),
    Question(
        "How many MIME types have no glob pattern at all?",
        "SELECT COUNT(*) FROM mime_type m WHERE NOT EXISTS "
        "(SELECT 1 FROM glob g WHERE g.type = m.type)",
    ),
    Question(
        "On average, how many glob patterns does a MIME type with glob patterns have?",
        "SELECT AVG(n) FROM (SELECT COUNT(*) AS n FROM glob GROUP BY type)",
    ),
    Question("How many aliases are there?", "SELECT COUNT(*) FROM alias"),
    Question(
        "Which MIME type is application/x-pdf an alias of?",
        "SELECT type FROM alias WHERE alias = 'application/x-pdf'",
    ),
    Question(
        "List the aliases of application/pdf.",
        "SELECT alias FROM alias WHERE type = 'application/pdf'",
        column=True,
    ),
    Question(
        "Which MIME type has the most aliases?",
        "SELECT type FROM alias GROUP BY type ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "How many MIME types are subclasses of text/plain?",
        "SELECT COUNT(*) FROM sub_class_of WHERE sub_class_of = 'text/plain'",
    ),
    Question(
        "What are the parent types of application/x-shellscript?",
        "SELECT sub_class_of FROM sub_class_of WHERE type = 'application/x-shellscript'",
        column=True,
    ),
    Question(
        "What are the top 5 parent types with the most subclasses?",
        "SELECT sub_class_of FROM sub_class_of GROUP BY sub_class_of "
        "ORDER BY COUNT(*) DESC LIMIT 5",
        column=True,
    ),
    Question(
        "What is the description of the type application/x-shellscript is a subclass of "
        "besides text/plain?",
        "SELECT m.comment FROM sub_class_of s JOIN mime_type m ON m.type = s.sub_class_of "
        "WHERE s.type = 'application/x-shellscript' AND s.sub_class_of <> 'text/plain'",
    ),
    Question(
        "How many subclasses of application/zip have no magic rule of their own?",
        "SELECT COUNT(*) FROM sub_class_of s WHERE s.sub_class_of = 'application/zip' "
        "AND NOT EXISTS (SELECT 1 FROM magic g WHERE g.type = s.type)",
    ),
    Question(
        "How many glob patterns belong to subclasses of application/xml that are recognised "
        "by an XML root element?",
        "SELECT COUNT(*) FROM glob g JOIN sub_class_of s ON s.type = g.type "
        "WHERE s.sub_class_of = 'application/xml' "
        "AND EXISTS (SELECT 1 FROM root_xml r WHERE r.type = g.type)",
    ),
    Question(
        "What is the German description of application/pdf?",
        "SELECT comment FROM comment WHERE type = 'application/pdf' AND lang = 'de'",
    ),
    Question(
        "What is the Brazilian Portuguese description of text/csv?",
        "SELECT comment FROM comment WHERE type = 'text/csv' AND lang = 'pt_BR'",
    ),
    Question(
        "What is the Spanish description of the type for *.epub files?",
        "SELECT c.comment FROM glob g JOIN comment c ON c.type = g.type "
        "WHERE g.pattern = '*.epub' AND c.lang = 'es'",
    ),
    Question(
        "How many descriptions are translated into French?",
        "SELECT COUNT(*) FROM comment WHERE lang = 'fr'",
    ),
    Question(
        "How many languages are the descriptions translated into?",
        "SELECT COUNT(DISTINCT lang) FROM comment",
    ),
    Question(
        "Which language has the fewest translated descriptions?",
        "SELECT lang FROM comment GROUP BY lang ORDER BY COUNT(*) LIMIT 1",
    ),
    Question(
        "How many MIME types have never been translated into Welsh (cy)?",
        "SELECT COUNT(*) FROM mime_type m WHERE NOT EXISTS "
        "(SELECT 1 FROM comment c WHERE c.type = m.type AND c.lang = 'cy')",
    ),
    Question(
        "How many translated descriptions does each language have?",
        "SELECT lang, COUNT(*) FROM comment GROUP BY lang",
    ),
    Question(
        "How many MIME types are recognised by an XML root element?",
        "SELECT COUNT(DISTINCT type) FROM root_xml",
    ),
    Question(
        "What XML namespace identifies SVG images by their root element?",
        "SELECT namespace_uri FROM root_xml WHERE type = 'image/svg+xml'",
    ),
    Question("How many magic rules are there?", "SELECT COUNT(*) FROM magic"),
    Question(
        "How many magic rules have a priority above 50?",
        "SELECT COUNT(*) FROM magic WHERE priority > 50",
    ),
    Question("What is the average magic priority?", "SELECT AVG(priority) FROM magic"),
    Question(
        "Which MIME types have the highest magic priority?",
        "SELECT type FROM magic WHERE priority = (SELECT MAX(priority) FROM magic)",
        column=True,
    ),
    Question(
        "Which MIME types have more than one magic rule?",
        "SELECT type FROM magic GROUP BY type HAVING COUNT(*) > 1",
        column=True,
    ),
    Question(
        "How many MIME types have no magic rule, so they are recognised by name only?",
        "SELECT COUNT(*) FROM mime_type m WHERE NOT EXISTS "
        "(SELECT 1 FROM magic g WHERE g.type = m.type)",
    ),
    Question(
        "How many audio types have a magic rule?",
        "SELECT COUNT(DISTINCT type) FROM magic WHERE type LIKE 'audio/%'",
    ),
    Question(
        "How many magic matches are there of each match type?",
        "SELECT type, COUNT(*) FROM magic_match GROUP BY type",
    ),
    Question(
        "How many magic matches are nested inside another match?",
        "SELECT COUNT(*) FROM magic_match WHERE parent_match_id IS NOT NULL",
    ),
    Question(
        "How many magic matches use a mask?",
        "SELECT COUNT(*) FROM magic_match WHERE mask IS NOT NULL",
    ),
    Question(
        "What string does the magic of application/pdf look for, and in which range of offsets?",
        f"SELECT x.value, x.\"offset\" FROM {_MATCH_OF} WHERE m.type = 'application/pdf'",
    ),
    Question(
        "How many string magic matches belong to subclasses of text/plain?",
        f"SELECT COUNT(*) FROM {_MATCH_OF} JOIN sub_class_of s ON s.type = m.type "
        "WHERE s.sub_class_of = 'text/plain' AND x.type = 'string'",
    ),
    *_no(
        "Which application opens application/pdf files by default?",
        "When was the image/webp type added to the database?",
        "Who registered application/vnd.oasis.opendocument.text with IANA, and when?",
        "How many PDF files are on my computer right now?",
        "Which MIME types will the next shared-mime-info release add?",
        "Which image format is the best one for photographs?",
        "Summarise the history of the Matroska video format in a paragraph.",
        "What is the typical compression ratio of application/zip files?",
        "Which directories must a disc have to be recognised as a video DVD?",
        "How many bytes does one minute of audio/mpeg take on average?",
        "Quel est le type MIME le plus utilisé sur le web en France ?",
        "¿Cuántas personas usan archivos .odt en España?",
    ),
]
