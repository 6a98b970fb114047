"""guess_roles: the label column and the ignored text columns, guessed from the start of a file."""

import numpy as np
import pytest

from nbviz.core.tables.columns import guess_label_column, guess_roles
from nbviz.core.tables.preview import preview_table


def write(tmp_path, name, content):
    path = tmp_path / name
    path.write_text(content)
    return path


@pytest.mark.parametrize("name", ["label", "Class", "species", "target", "labels", "GROUP"])
def test_a_column_named_like_a_class_is_the_label(tmp_path, name):
    path = write(tmp_path, "d.csv", f"a,{name},b\n1,0,2\n3,1,4\n5,1,6\n")
    assert guess_roles(preview_table(path)) == ("feature", "label", "feature")
    assert guess_label_column(preview_table(path)) == 1


def test_otherwise_the_first_text_column_is_the_label_and_other_texts_are_ignored(tmp_path):
    path = write(tmp_path, "d.csv", "id,x,kind,note\nA1,1.5,cat,n/a\nA2,2.5,dog,ok\nA3,NA,cat,fine\n")
    assert guess_roles(preview_table(path)) == ("ignore", "feature", "label", "ignore")


def test_several_answers_beside_measurements_are_clustered_and_none_is_taken_for_the_classes(tmp_path):
    rows = "".join(f"{'FM'[n % 2]},{160 + n}.5,{['Freq', 'Some', 'None'][n % 3]},{20 + n % 7}\n" for n in range(12))
    survey = write(tmp_path, "s.csv", "Sex,Height,Exer,Age\n" + rows)
    assert guess_roles(preview_table(survey)) == ("categorical", "feature", "categorical", "feature")
    named = write(tmp_path, "n.csv", "Sex,Height,Exer,group\n" + rows)  # named like the classes: the label
    assert guess_roles(preview_table(named)) == ("categorical", "feature", "categorical", "label")


@pytest.mark.parametrize("name", ["id", "ID", "sample_id", "SampleID", "Nr", ""])
def test_id_columns_are_ignored_even_when_numeric(tmp_path, name):
    path = write(tmp_path, "d.csv", f'"{name}",a,b\n1,0.5,2\n2,1.5,4\n3,2.5,6\n')
    assert guess_roles(preview_table(path)) == ("ignore", "feature", "feature")


def test_dates_and_row_names_are_not_labels(tmp_path):
    rows = "".join(f"S{i:03d},2024-01-{i + 1:02d},{i}.5,{'ab'[i % 2]}\n" for i in range(6))
    path = write(tmp_path, "d.csv", "who,when,x,kind\n" + rows)
    assert guess_roles(preview_table(path)) == ("ignore", "ignore", "feature", "label")


def test_y_is_the_label_unless_it_pairs_with_x(tmp_path):
    assert guess_roles(preview_table(write(tmp_path, "a.csv", "u,v,y\n1,2,0\n3,4,1\n"))) == (
        "feature",
        "feature",
        "label",
    )
    assert guess_roles(preview_table(write(tmp_path, "b.csv", "x,y\n1,2\n3,4\n"))) == ("feature", "feature")


def test_decimal_comma_columns_are_numbers(tmp_path):
    path = write(tmp_path, "d.csv", "a;b;c\n1,5;2,5;x\n3,5;4;y\n")
    assert guess_roles(preview_table(path)) == ("feature", "feature", "label")


def test_a_named_label_wins_over_a_text_column(tmp_path):
    path = write(tmp_path, "d.csv", "name,x,y,target\nann,1,2,0\nbob,3,4,1\n")
    assert guess_roles(preview_table(path)) == ("ignore", "feature", "feature", "label")


def test_numbers_only_and_no_header_give_features(tmp_path):
    path = write(tmp_path, "d.csv", "1,2,3\n4,5,6\n")
    assert guess_roles(preview_table(path)) == ("feature",) * 3
    assert guess_label_column(preview_table(path)) is None


def test_without_a_numeric_column_every_column_is_a_feature(tmp_path):
    path = write(tmp_path, "d.csv", "a,b\nx,y\nz,w\n")
    assert guess_roles(preview_table(path)) == ("feature", "feature")


def test_npy_columns_are_features(tmp_path):
    np.save(tmp_path / "a.npy", np.arange(6.0).reshape(3, 2))
    assert guess_roles(preview_table(tmp_path / "a.npy")) == ("feature", "feature")


def test_a_column_empty_in_every_previewed_row_is_a_feature_not_a_text_label(tmp_path):
    # nothing in it says text: as a feature its empty cells are refused, dropped or kept for EM by name
    path = write(tmp_path, "d.csv", "a,b,c\n1.5,2.0,\n,3.5,\n4.0,NA,\n2.5,1.0,\n")
    assert guess_roles(preview_table(path)) == ("feature", "feature", "feature")
    path = write(tmp_path, "t.csv", "a,b,kind\n1.5,2.0,\n2.5,1.0,\n")
    assert guess_roles(preview_table(path)) == ("feature", "feature", "feature")
