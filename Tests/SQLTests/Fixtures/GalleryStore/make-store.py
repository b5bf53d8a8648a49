#!/usr/bin/env python3
"""Writes Gallery.sqlite: the objects of graph.json in the layout Core Data gives a store of
Gallery.xcdatamodel, written by hand from the rules Docs/sql-mapping.md lists as learnt from real
stores (see README.md here). Run it from this folder: python3 make-store.py
"""

import os
import plistlib
import sqlite3
from datetime import datetime, timezone

STORE = "Gallery.sqlite"
REFERENCE = datetime(2001, 1, 1, tzinfo=timezone.utc)


def seconds(text):
    """A date as Core Data stores it: seconds since 2001-01-01T00:00:00Z."""
    return (datetime.fromisoformat(text.replace("Z", "+00:00")) - REFERENCE).total_seconds()


# Entity numbers: the roots in name order, each parent before its sub-entities.
# Album 1, Artist 2, Artwork 3, Image 4 (InstallShot 5, LocalImage 6), Location 7, Show 8.
SCHEMA = """
CREATE TABLE ZALBUM ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZCOVER INTEGER, Z4_COVER INTEGER,
    ZNAME VARCHAR );
CREATE INDEX ZALBUM_ZCOVER_INDEX ON ZALBUM (ZCOVER);
CREATE TABLE ZARTIST ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZTHUMBNAIL INTEGER,
    Z4_THUMBNAIL INTEGER, ZNAME VARCHAR );
CREATE INDEX ZARTIST_ZTHUMBNAIL_INDEX ON ZARTIST (ZTHUMBNAIL);
CREATE TABLE ZARTWORK ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZISFORSALE INTEGER, ZARTIST INTEGER,
    ZCREATEDAT TIMESTAMP, ZWIDTH DECIMAL, ZTITLE VARCHAR );
CREATE INDEX ZARTWORK_ZARTIST_INDEX ON ZARTWORK (ZARTIST);
CREATE TABLE ZIMAGE ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZARTIST INTEGER, ZARTWORK INTEGER,
    ZCOVERFORALBUM INTEGER, ZTHUMBNAIL INTEGER, ZWIDTH INTEGER, ZWIDTH1 FLOAT, ZURL VARCHAR, ZCAPTION VARCHAR,
    ZPATH VARCHAR );
CREATE INDEX ZIMAGE_ZARTIST_INDEX ON ZIMAGE (ZARTIST);
CREATE INDEX ZIMAGE_ZARTWORK_INDEX ON ZIMAGE (ZARTWORK);
CREATE INDEX ZIMAGE_ZCOVERFORALBUM_INDEX ON ZIMAGE (ZCOVERFORALBUM);
CREATE INDEX ZIMAGE_ZTHUMBNAIL_INDEX ON ZIMAGE (ZTHUMBNAIL);
CREATE INDEX ZIMAGE_Z_ENT_INDEX ON ZIMAGE (Z_ENT);
CREATE TABLE ZLOCATION ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR );
CREATE TABLE ZSHOW ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZOPENSAT TIMESTAMP, ZNAME VARCHAR );
CREATE TABLE Z_1ARTISTS ( Z_1ALBUMS INTEGER, Z_2ARTISTS INTEGER, PRIMARY KEY (Z_1ALBUMS, Z_2ARTISTS) );
CREATE TABLE Z_1ARTWORKS ( Z_1ALBUMS1 INTEGER, Z_3ARTWORKS INTEGER, Z_FOK_3ARTWORKS INTEGER,
    PRIMARY KEY (Z_1ALBUMS1, Z_3ARTWORKS) );
CREATE TABLE Z_2SHOWS ( Z_2ARTISTS1 INTEGER, Z_8SHOWS INTEGER, PRIMARY KEY (Z_2ARTISTS1, Z_8SHOWS) );
CREATE TABLE Z_3SHOWS ( Z_3ARTWORKS1 INTEGER, Z_8SHOWS1 INTEGER, PRIMARY KEY (Z_3ARTWORKS1, Z_8SHOWS1) );
CREATE TABLE Z_3LOCATIONS ( Z_3ARTWORKS2 INTEGER, Z_7LOCATIONS INTEGER, PRIMARY KEY (Z_3ARTWORKS2, Z_7LOCATIONS) );
CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER);
CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB);
CREATE TABLE Z_MODELCACHE (Z_CONTENT BLOB);
"""

ROWS = {
    "Z_PRIMARYKEY": [
        (1, "Album", 0, 2), (2, "Artist", 0, 3), (3, "Artwork", 0, 5), (4, "Image", 0, 5),
        (5, "InstallShot", 4, 0), (6, "LocalImage", 4, 0), (7, "Location", 0, 2), (8, "Show", 0, 2),
    ],
    # Z4_COVER and Z4_THUMBNAIL: the entity number of the destination, which Core Data keeps
    # beside a to-one relationship into a hierarchy with sub-entities.
    "ZALBUM": [(1, 1, 1, 2, 5, "Highlights"), (2, 1, 1, None, None, "Archive")],
    "ZARTIST": [(1, 2, 1, 1, 4, "Uta Barth"), (2, 2, 1, None, None, "Alan Smithee"), (3, 2, 1, 3, 6, "Rrose Sélavy")],
    "ZARTWORK": [
        (1, 3, 1, 1, 1, seconds("2020-01-01T00:00:00Z"), 10.5, "Untitled"),
        (2, 3, 1, 0, 3, seconds("2017-04-09T12:30:00Z"), 36, "Fountain"),
        (3, 3, 1, 1, 1, None, None, "Blue"),
        (4, 3, 1, None, 2, seconds("2023-11-20T08:00:00Z"), 120.25, "Field"),
        (5, 3, 1, None, None, None, None, "Night"),
    ],
    "ZIMAGE": [
        (1, 4, 1, 1, 1, None, 1, None, None, "a.jpg", None, None),
        (2, 5, 1, 1, 1, 1, None, 800, None, "b.jpg", "East wall", None),
        (3, 6, 1, None, 2, None, 3, None, 640.5, "c.jpg", None, "/tmp/c.jpg"),
        (4, 5, 1, 2, 4, None, None, 1024, None, "d.jpg", None, None),
        (5, 6, 1, None, None, None, None, None, None, "e.jpg", None, None),
    ],
    "ZLOCATION": [(1, 7, 1, "Berlin"), (2, 7, 1, "Lisbon")],
    "ZSHOW": [(1, 8, 1, seconds("2024-03-01T18:00:00Z"), "Spring"), (2, 8, 1, None, "Autumn")],
    "Z_1ARTISTS": [(1, 1), (1, 2), (2, 3)],
    # Album.artworks is ordered: each artwork's place in the album, spaced as Core Data spaces them.
    "Z_1ARTWORKS": [(1, 3, 1024), (1, 1, 2048), (2, 2, 1024), (2, 4, 2048), (2, 5, 3072)],
    "Z_2SHOWS": [(1, 1), (2, 1), (3, 2)],
    "Z_3SHOWS": [(1, 1), (3, 1), (2, 2), (4, 2), (5, 2)],
    "Z_3LOCATIONS": [(1, 1), (2, 1), (2, 2), (4, 2)],
}

METADATA = {
    "NSStoreType": "SQLite",
    "NSStoreModelVersionIdentifiers": [""],
    "NSStoreModelVersionHashesVersion": 3,
    "_NSAutoVacuumLevel": "2",
}


def main():
    if os.path.exists(STORE):
        os.remove(STORE)
    connection = sqlite3.connect(STORE)
    connection.executescript(SCHEMA)
    for table, rows in ROWS.items():
        marks = ", ".join("?" * len(rows[0]))
        connection.executemany(f"INSERT INTO {table} VALUES ({marks})", rows)
    connection.execute(
        "INSERT INTO Z_METADATA VALUES (1, ?, ?)",
        ("7C1D2E4F-0A5B-4C6D-8E9F-A0B1C2D3E4F5", plistlib.dumps(METADATA, fmt=plistlib.FMT_BINARY)))
    connection.commit()
    connection.execute("VACUUM")
    connection.close()


if __name__ == "__main__":
    main()
