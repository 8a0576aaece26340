"""The parsers of the dumps some held-out databases ship as: world's MySQL dump, gramps'
XML family tree, isocodes' subdivisions."""

from __future__ import annotations

from own_db.build_gramps import parse_tree
from own_db.build_isocodes import with_country
from own_db.build_world import parse_inserts


def test_the_world_dump_parses_as_mysql_writes_it() -> None:
    dump = (
        "# Table Country\n\nINSERT IGNORE INTO Country VALUES\n"
        "('AFG','Afghanistan',652090.00,22720000,1),\n('ATA','Antarctica',13120000.00,0,NULL);\n"
        "INSERT INTO City VALUES\n  (1,'Kabul','AFG',1780000),\n(20,'São Paulo (SP)','NLD',"
        "129170);\n"
    )
    assert parse_inserts(dump) == {
        "Country": [
            ("AFG", "Afghanistan", "652090.00", "22720000", "1"),
            ("ATA", "Antarctica", "13120000.00", "0", "\0"),
        ],
        "City": [("1", "Kabul", "AFG", "1780000"), ("20", "São Paulo (SP)", "NLD", "129170")],
    }


def test_the_family_tree_xml_parses_into_its_tables() -> None:
    tree = """<?xml version="1.0" encoding="UTF-8"?>
<database xmlns="http://gramps-project.org/xml/1.7.1/">
  <events>
    <event handle="_e1" id="E0001"><type>Birth</type><dateval val="1850" type="about"/>
      <place hlink="_p2"/><description>Birth of Doe, Ann</description></event>
    <event handle="_e2" id="E0002"><type>Marriage</type>
      <daterange start="1870" stop="1875"/></event>
  </events>
  <people>
    <person handle="_i1" id="I0001"><gender>F</gender>
      <name type="Birth Name"><first>Ann</first><surname>Doe</surname></name>
      <name alt="1" type="Married Name"><first>Ann</first><surname>Roe</surname></name>
      <eventref hlink="_e1" role="Primary"/><childof hlink="_f1"/></person>
    <person handle="_i2" id="I0002"><gender>M</gender>
      <name type="Birth Name"><surname>Doe</surname></name></person>
  </people>
  <families>
    <family handle="_f1" id="F0001"><rel type="Married"/><father hlink="_i2"/>
      <eventref hlink="_e2" role="Family"/><childref hlink="_i1" mrel="Adopted"/></family>
  </families>
  <places>
    <placeobj handle="_p1" id="P0001" type="State"><ptitle>OH, USA</ptitle>
      <pname value="OH"/></placeobj>
    <placeobj handle="_p2" id="P0002" type="City"><ptitle>Marion, OH</ptitle>
      <pname value="Marion"/><coord long="-83.1" lat="40.5"/><placeref hlink="_p1"/></placeobj>
  </places>
</database>"""
    assert parse_tree(tree) == {
        "place": [
            ["P0001", "OH", "OH, USA", "State", "", "", ""],
            ["P0002", "Marion", "Marion, OH", "City", "P0001", "40.5", "-83.1"],
        ],
        "person": [["I0001", "Ann", "Doe", "F"], ["I0002", "", "Doe", "M"]],
        "family": [["F0001", "I0002", "", "Married"]],
        "childref": [["F0001", "I0001", "", "Adopted"]],
        "event": [
            ["E0001", "Birth", "1850", "about", "P0002", "Birth of Doe, Ann"],
            ["E0002", "Marriage", "1870", "between", "", ""],
        ],
        "personevent": [["I0001", "E0001", "Primary"]],
        "familyevent": [["F0001", "E0002", "Family"]],
    }


def test_a_subdivision_gets_its_country_and_its_parent_s_whole_code() -> None:
    department = {"code": "FR-29", "name": "Finistère", "parent": "BRE", "type": "Department"}
    assert with_country(department) == {**department, "country_code": "FR", "parent": "FR-BRE"}
    county = {"code": "GB-ABC", "name": "Armagh", "parent": "GB-NIR", "type": "District"}
    assert with_country(county) == {**county, "country_code": "GB"}
    region = {"code": "FR-BRE", "name": "Bretagne", "type": "Region"}
    assert with_country(region) == {**region, "country_code": "FR"}
