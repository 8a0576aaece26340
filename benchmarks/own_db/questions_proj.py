"""PROJ's geodetic registry's questions (proj.md): the forty-third held-out database.
Written from the proj-data package's ``proj.db`` and a look at the built rows by a helper
who never read the linker's code, before the agent was ever run on it; every gold SQL was
checked with sqlite3 alone.  Every object is keyed by its authority's name and code (EPSG
4326 is ``auth_name = 'EPSG' AND code = '4326'``), so each join matches both."""

from __future__ import annotations

from .questions import Question


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


def _on(alias: str, prefix: str, other: str) -> str:
    return (f"{other}.auth_name = {alias}.{prefix}_auth_name "
            f"AND {other}.code = {alias}.{prefix}_code")  # fmt: skip


_DATUM_ELLIPSOID = f"geodetic_datum d JOIN ellipsoid e ON {_on('d', 'ellipsoid', 'e')}"
_PROJ_BASE = f"projected_crs p JOIN geodetic_crs g ON {_on('p', 'geodetic_crs', 'g')}"
_PROJ_METHOD = f"projected_crs p JOIN conversion c ON {_on('p', 'conversion', 'c')}"
_CRS_DATUM = f"geodetic_crs g JOIN geodetic_datum d ON {_on('g', 'datum', 'd')}"
_USED_IN = (f"usage u JOIN extent x ON {_on('u', 'extent', 'x')} "
            "WHERE u.object_table_name = 'projected_crs'")  # fmt: skip
_EPSG_4326 = "g.auth_name = 'EPSG' AND g.code = '4326'"
PROJ = [
    Question(
        "How many projected coordinate reference systems are there?",
        "SELECT COUNT(*) FROM projected_crs",
    ),
    Question("How many ellipsoids are in the registry?", "SELECT COUNT(*) FROM ellipsoid"),
    Question(
        "How many projected CRSs does EPSG define?",
        "SELECT COUNT(*) FROM projected_crs WHERE auth_name = 'EPSG'",
    ),
    Question(
        "How many projected CRSs are deprecated?",
        "SELECT COUNT(*) FROM projected_crs WHERE deprecated = 1",
    ),
    Question(
        "How many geodetic CRSs are there of each type?",
        "SELECT type, COUNT(*) FROM geodetic_crs GROUP BY type",
    ),
    Question(
        "How many projected CRSs does each authority define?",
        "SELECT auth_name, COUNT(*) FROM projected_crs GROUP BY auth_name",
    ),
    Question(
        "Which authority defines the most ellipsoids?",
        "SELECT auth_name FROM ellipsoid GROUP BY auth_name ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "What is the semi-major axis of the EPSG WGS 84 ellipsoid?",
        "SELECT semi_major_axis FROM ellipsoid WHERE auth_name = 'EPSG' AND name = 'WGS 84'",
    ),
    Question(
        "What is the inverse flattening of the GRS 1980 ellipsoid?",
        "SELECT inv_flattening FROM ellipsoid WHERE auth_name = 'EPSG' AND name = 'GRS 1980'",
    ),
    Question(
        "Which ellipsoid is used by the most geodetic datums?",
        f"SELECT e.name FROM {_DATUM_ELLIPSOID} GROUP BY e.auth_name, e.code "
        "ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "What are the top 5 ellipsoids by number of geodetic datums using them?",
        f"SELECT e.name FROM {_DATUM_ELLIPSOID} GROUP BY e.auth_name, e.code "
        "ORDER BY COUNT(*) DESC LIMIT 5",
        column=True,
    ),
    Question(
        "Which ellipsoid does the Ordnance Survey of Great Britain 1936 datum use?",
        f"SELECT e.name FROM {_DATUM_ELLIPSOID} "
        "WHERE d.name = 'Ordnance Survey of Great Britain 1936'",
    ),
    Question(
        "Which conversion method is used by the most conversions?",
        "SELECT method_name FROM conversion GROUP BY method_name ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "Which conversion methods are used by more than 100 conversions?",
        "SELECT method_name FROM conversion GROUP BY method_name HAVING COUNT(*) > 100",
        column=True,
    ),
    Question(
        "How many projected CRSs use the Lambert Conic Conformal (2SP) projection?",
        f"SELECT COUNT(*) FROM {_PROJ_METHOD} "
        "WHERE c.method_name = 'Lambert Conic Conformal (2SP)'",
    ),
    Question(
        "How many projected CRSs use a Krovak projection?",
        f"SELECT COUNT(*) FROM {_PROJ_METHOD} WHERE c.method_name LIKE '%Krovak%'",
    ),
    Question(
        "Which projection method does EPSG:2154 use?",
        f"SELECT c.method_name FROM {_PROJ_METHOD} WHERE p.auth_name = 'EPSG' AND p.code = '2154'",
    ),
    Question(
        "Which geodetic CRS is the base of the most projected CRSs?",
        f"SELECT g.name FROM {_PROJ_BASE} GROUP BY g.auth_name, g.code "
        "ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "How many projected CRSs are based on EPSG:4326?",
        f"SELECT COUNT(*) FROM {_PROJ_BASE} WHERE {_EPSG_4326}",
    ),
    Question(
        "How many WGS 84 UTM zone projected CRSs are there?",
        "SELECT COUNT(*) FROM projected_crs WHERE name LIKE 'WGS 84 / UTM zone %'",
    ),
    Question(
        "What is the EPSG code of WGS 84 / Pseudo-Mercator?",
        "SELECT code FROM projected_crs WHERE auth_name = 'EPSG' "
        "AND name = 'WGS 84 / Pseudo-Mercator'",
    ),
    Question(
        "What is the name of EPSG:2154?",
        "SELECT name FROM projected_crs WHERE auth_name = 'EPSG' AND code = '2154'",
    ),
    Question(
        "Which geodetic CRS is ETRS89 / UTM zone 32N based on?",
        f"SELECT g.name FROM {_PROJ_BASE} WHERE p.name = 'ETRS89 / UTM zone 32N'",
    ),
    Question(
        "Which datum does the geodetic CRS EPSG:4326 use?",
        f"SELECT d.name FROM {_CRS_DATUM} WHERE {_EPSG_4326}",
    ),
    Question(
        "What are the top 5 geodetic datums by number of geodetic CRSs?",
        f"SELECT d.name FROM {_CRS_DATUM} GROUP BY d.auth_name, d.code "
        "ORDER BY COUNT(*) DESC LIMIT 5",
        column=True,
    ),
    Question(
        "How many geocentric CRSs does EPSG define?",
        "SELECT COUNT(*) FROM geodetic_crs WHERE auth_name = 'EPSG' AND type = 'geocentric'",
    ),
    Question(
        "Which celestial body has the largest radius, excluding the Sun?",
        "SELECT name FROM celestial_body WHERE name <> 'Sun' ORDER BY semi_major_axis DESC LIMIT 1",
    ),
    Question(
        "How many celestial bodies does the IAU_2015 authority list?",
        "SELECT COUNT(*) FROM celestial_body WHERE auth_name = 'IAU_2015'",
    ),
    Question(
        "How many ellipsoids are of bodies other than the Earth?",
        "SELECT COUNT(*) FROM ellipsoid WHERE NOT (celestial_body_auth_name = 'PROJ' "
        "AND celestial_body_code = 'EARTH')",
    ),
    Question(
        "How many IAU_2015 geodetic CRSs are there for Mars?",
        f"SELECT COUNT(*) FROM {_CRS_DATUM} JOIN ellipsoid e ON {_on('d', 'ellipsoid', 'e')} "
        f"JOIN celestial_body b ON {_on('e', 'celestial_body', 'b')} "
        "WHERE g.auth_name = 'IAU_2015' AND b.name = 'Mars'",
    ),
    Question(
        "How many geodetic datums are dynamic, with a frame reference epoch?",
        "SELECT COUNT(*) FROM geodetic_datum WHERE frame_reference_epoch IS NOT NULL",
    ),
    Question(
        "What is the average semi-major axis of the EPSG ellipsoids given in metres?",
        f"SELECT AVG(e.semi_major_axis) FROM ellipsoid e JOIN unit_of_measure m "
        f"ON {_on('e', 'uom', 'm')} WHERE e.auth_name = 'EPSG' AND m.name = 'metre'",
    ),
    Question(
        "How many units of measure are there of each type?",
        "SELECT type, COUNT(*) FROM unit_of_measure GROUP BY type",
    ),
    Question(
        "Which ellipsoids have their axes given in feet of any kind?",
        f"SELECT e.name FROM ellipsoid e JOIN unit_of_measure m ON {_on('e', 'uom', 'm')} "
        "WHERE m.name LIKE '%foot%'",
        column=True,
    ),
    Question(
        "How many geodetic datums were published in 2005?",
        "SELECT COUNT(*) FROM geodetic_datum WHERE publication_date LIKE '2005-%'",
    ),
    Question(
        "In which year were the most geodetic datums published?",
        "SELECT substr(publication_date, 1, 4) FROM geodetic_datum "
        "WHERE publication_date IS NOT NULL GROUP BY 1 ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "Which prime meridians other than Greenwich does EPSG list?",
        "SELECT name FROM prime_meridian WHERE auth_name = 'EPSG' AND name <> 'Greenwich'",
        column=True,
    ),
    Question(
        "How many geodetic datums use the Paris prime meridian?",
        f"SELECT COUNT(*) FROM geodetic_datum d JOIN prime_meridian m "
        f"ON {_on('d', 'prime_meridian', 'm')} WHERE m.name = 'Paris'",
    ),
    Question("How many extents are there?", "SELECT COUNT(*) FROM extent"),
    Question(
        "What are the south, north, west and east bounds of France - mainland onshore?",
        "SELECT south_lat, north_lat, west_lon, east_lon FROM extent "
        "WHERE name = 'France - mainland onshore'",
    ),
    Question(
        "How many extents lie entirely in the southern hemisphere?",
        "SELECT COUNT(*) FROM extent WHERE north_lat < 0",
    ),
    Question(
        "Excluding Not specified and World, which area of use has the most projected CRSs?",
        f"SELECT x.name FROM {_USED_IN} AND x.name NOT IN ('Not specified', 'World') "
        "GROUP BY x.auth_name, x.code ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "How many projected CRSs are used in USA - Minnesota?",
        f"SELECT COUNT(*) FROM {_USED_IN} AND x.name = 'USA - Minnesota'",
    ),
    Question(
        "How many geodetic CRSs are never the base of any projected CRS?",
        "SELECT COUNT(*) FROM geodetic_crs g WHERE NOT EXISTS (SELECT 1 FROM projected_crs p"
        f" WHERE {_on('p', 'geodetic_crs', 'g')})",
    ),
    Question(
        "How many ellipsoids are never used by any geodetic datum?",
        "SELECT COUNT(*) FROM ellipsoid e WHERE NOT EXISTS (SELECT 1 FROM geodetic_datum d"
        f" WHERE {_on('d', 'ellipsoid', 'e')})",
    ),
    Question(
        "How many projected CRSs are based on a datum that uses the Bessel 1841 ellipsoid?",
        f"SELECT COUNT(*) FROM {_PROJ_BASE} JOIN geodetic_datum d ON {_on('g', 'datum', 'd')}"
        f" JOIN ellipsoid e ON {_on('d', 'ellipsoid', 'e')} WHERE e.name = 'Bessel 1841'",
    ),
    Question(
        "What is the average inverse flattening of the EPSG ellipsoids that have one?",
        "SELECT AVG(inv_flattening) FROM ellipsoid WHERE auth_name = 'EPSG' "
        "AND inv_flattening IS NOT NULL",
    ),
    Question(
        "How many geodetic datums are datum ensembles with an ensemble accuracy?",
        "SELECT COUNT(*) FROM geodetic_datum WHERE ensemble_accuracy IS NOT NULL",
    ),
    Question(
        "How many conversions use each of Transverse Mercator and Albers Equal Area?",
        "SELECT method_name, COUNT(*) FROM conversion WHERE method_name IN "
        "('Transverse Mercator', 'Albers Equal Area') GROUP BY method_name",
    ),
    *_no(
        "What is the false easting of the UTM zone 33N conversion?",
        "How accurate, in metres, is the transformation from ED50 to WGS 84?",
        "What are the axis units and order of EPSG:2154?",
        "Which vertical datum are heights in the Netherlands measured against?",
        "How many people live in the area of use France - mainland onshore?",
        "What EPSG code will the next Lambert-93 revision get next year?",
        "Summarize the history of the NAD83 realisations in a paragraph.",
        "Which map projection is the best one for a map of Africa?",
        "Who was the surveyor that measured the Bessel 1841 ellipsoid's baseline, and how?",
        "How many GPS satellites are in orbit today?",
        "Welche Kartenprojektion sieht für Deutschland am schönsten aus?",
        "Combien coûte une licence pour utiliser les codes EPSG ?",
    ),
]
