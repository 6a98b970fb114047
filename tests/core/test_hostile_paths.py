"""Paths and files that are not data tables are refused at once, with one line saying what they are;
long lines and long cells are read (the csv module's field limit would refuse them)."""

import os

import numpy as np
import pytest

import nbviz.core as nc
from nbviz.core.tables.text_source import TextError, TextSource


def test_a_cell_longer_than_the_csv_field_limit_is_read(tmp_path):
    path = tmp_path / "notes.csv"
    note = "x" * 200_000
    path.write_text(f'a,b,note\n1,2,{note}\n3,4,"quoted, {note}"\n5,6,short\n')
    dataset = nc.load_data(str(path), label_column="note")
    np.testing.assert_array_equal(dataset.X, [[1, 2], [3, 4], [5, 6]])
    assert sorted(map(len, dataset.classes)) == [5, 200_000, 200_008]


def test_a_long_cell_that_is_not_a_number_is_named_in_one_short_line(tmp_path):
    path = tmp_path / "notes.csv"
    path.write_text("a,b,note\n1,2," + "x" * 200_000 + "\n")
    with pytest.raises(nc.DataError) as caught:
        nc.load_data(str(path))
    message = str(caught.value)
    assert message.startswith("notes.csv, line 2, column 'note': 'xxxx") and "(200,000 characters)" in message
    assert len(message) < 300 and "\n" not in message


def test_twenty_five_thousand_columns_are_read(tmp_path):
    path = tmp_path / "wide.csv"
    n = 25_000
    rows = [",".join(f"c{j}" for j in range(n)), ",".join("1" for _ in range(n)), ",".join("2.5" for _ in range(n))]
    path.write_text("\n".join(rows) + "\n")
    dataset = nc.load_data(str(path))
    assert dataset.X.shape == (2, n) and dataset.X[1, -1] == 2.5


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX feature")
@pytest.mark.parametrize("name", ["pipe.csv", "pipe.npy"])
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path, name):
    path = tmp_path / name
    os.mkfifo(path)
    with pytest.raises(nc.DataError, match=r"is a named pipe \(FIFO\), not a data file"):
        nc.load_data(str(path))
    with pytest.raises(nc.DataError, match="named pipe"):
        nc.preview_table(str(path))


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
@pytest.mark.parametrize("name", ["zero.csv", "zero.npy"])
def test_a_device_behind_a_data_file_name_is_refused_before_it_is_read(tmp_path, name):
    path = tmp_path / name
    path.symlink_to("/dev/zero")
    with pytest.raises(nc.DataError, match="is a character device, not a data file"):
        nc.load_data(str(path))


def test_a_folder_is_refused(tmp_path):
    folder = tmp_path / "data.csv"
    folder.mkdir()
    with pytest.raises(nc.DataError, match="is a folder, not a data file"):
        nc.load_data(str(folder))


class EndlessNuls:
    """A stream of NUL bytes that never ends (like a huge file of zeros): reading past 8 pieces fails."""

    def __init__(self):
        self.reads = 0

    def read(self, size):
        self.reads += 1
        if self.reads > 8:
            raise AssertionError("read far past the first block of a binary file")
        return b"\0" * size


def test_a_file_of_nul_bytes_is_refused_within_its_first_block():
    source = TextSource("zeros.csv", EndlessNuls())
    with pytest.raises(TextError, match="zeros.csv is not a text data file: line 1 holds binary data"):
        next(source.pieces(51))


def test_a_large_file_of_nul_bytes_is_refused_by_the_loader(tmp_path):
    path = tmp_path / "zeros.csv"
    with open(path, "wb") as stream:
        stream.truncate(64 << 20)  # 64 MiB of NUL bytes (sparse), no line end anywhere
    with pytest.raises(nc.DataError, match="zeros.csv is not a text data file: line 1 holds binary data"):
        nc.load_data(str(path))
