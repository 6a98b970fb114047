<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>nbviz</name>
    <message>
        <source>Components are matched to classes by the Hungarian assignment on these counts (scipy.optimize.linear_sum_assignment), which puts as many rows as possible on matched pairs.</source>
        <translation>Komponenten werden den Klassen durch die ungarische Zuordnung auf diesen Anzahlen zugeordnet (scipy.optimize.linear_sum_assignment), die so viele Zeilen wie möglich auf zugeordnete Paare legt.</translation>
    </message>
    <message>
        <source>weight π</source>
        <translation>Gewicht π</translation>
    </message>
    <message>
        <source>PCA (first two components)</source>
        <translation>PCA (erste zwei Hauptkomponenten)</translation>
    </message>
    <message>
        <source>{0} vs {1}</source>
        <translation>{0} gegen {1}</translation>
    </message>
    <message>
        <source>PCA of the standardised data</source>
        <translation>PCA der standardisierten Daten</translation>
    </message>
    <message>
        <source>PCA of the raw data</source>
        <translation>PCA der Rohdaten</translation>
    </message>
    <message>
        <source>PC1 ({0:.1f} %)</source>
        <translation>HK1 ({0:.1f} %)</translation>
    </message>
    <message>
        <source>PC2 ({0:.1f} %)</source>
        <translation>HK2 ({0:.1f} %)</translation>
    </message>
    <message>
        <source>Responsibilities and labels (CSV)…</source>
        <translation>Verantwortlichkeiten und Labels (CSV)…</translation>
    </message>
    <message>
        <source>Parameters (JSON)…</source>
        <translation>Parameter (JSON)…</translation>
    </message>
    <message>
        <source>Parameters (CSV)…</source>
        <translation>Parameter (CSV)…</translation>
    </message>
    <message>
        <source>Objective and ELBO trace (CSV)…</source>
        <translation>Verlauf von Zielfunktion und ELBO (CSV)…</translation>
    </message>
    <message>
        <source>Line {0}</source>
        <translation>Zeile {0}</translation>
    </message>
    <message>
        <source>Row {0}</source>
        <translation>Reihe {0}</translation>
    </message>
    <message>
        <source>Point {0}</source>
        <translation>Punkt {0}</translation>
    </message>
    <message>
        <source>the start</source>
        <translation>der Start</translation>
    </message>
    <message>
        <source>iteration {0}, after the {1}-step</source>
        <translation>Iteration {0}, nach dem {1}-step</translation>
    </message>
    <message>
        <source>complete-data log-likelihood</source>
        <translation>Log-Likelihood der vollständigen Daten</translation>
    </message>
    <message>
        <source>log-likelihood</source>
        <translation>Log-Likelihood</translation>
    </message>
    <message>
        <source>{0} + log-prior</source>
        <translation>{0} + Log-Prior</translation>
    </message>
    <message>
        <source>Only for standardised data: open a file with “Standardise features” or --standardize</source>
        <translation>Nur für standardisierte Daten: eine Datei mit „Merkmale standardisieren“ oder --standardize öffnen</translation>
    </message>
    <message>
        <source>z-scores (mean 0, standard deviation 1)</source>
        <translation>z-Werte (Mittelwert 0, Standardabweichung 1)</translation>
    </message>
    <message>
        <source>robust (median 0, interquartile range 1)</source>
        <translation>robust (Median 0, Interquartilsabstand 1)</translation>
    </message>
    <message>
        <source>Standardise? The spread of {0} is {1:.0f} times that of {2}, so without standardising {0} alone decides distances, the k-means++ starts and the PCA view.</source>
        <translation>Standardisieren? Die Streuung von {0} ist {1:.0f}-mal so groß wie die von {2}; ohne Standardisierung bestimmt {0} allein die Abstände, die k-means++-Starts und die PCA-Ansicht.</translation>
    </message>
    <message>
        <source>Naive Bayes (supervised)</source>
        <translation>Naive Bayes (überwacht)</translation>
    </message>
    <message>
        <source>Features D</source>
        <translation>Merkmale D</translation>
    </message>
    <message>
        <source>features</source>
        <translation>Merkmale</translation>
    </message>
    <message>
        <source>Normalise weights</source>
        <translation>Gewichte normieren</translation>
    </message>
    <message>
        <source>Bernoulli mixture</source>
        <translation>Bernoulli-Mischung</translation>
    </message>
    <message>
        <source>Bernoulli</source>
        <translation>Bernoulli</translation>
    </message>
    <message>
        <source>p(x = 1 | k)</source>
        <translation>p(x = 1 | k)</translation>
    </message>
    <message>
        <source>P(x = 1)</source>
        <translation>P(x = 1)</translation>
    </message>
    <message>
        <source>questions</source>
        <translation>Fragen</translation>
    </message>
    <message>
        <source>level probabilities</source>
        <translation>Stufenwahrscheinlichkeiten</translation>
    </message>
    <message>
        <source>Normalise weights and levels</source>
        <translation>Gewichte und Stufen normieren</translation>
    </message>
    <message>
        <source>Categorical mixture</source>
        <translation>Kategoriale Mischung</translation>
    </message>
    <message>
        <source>Categorical</source>
        <translation>Kategorial</translation>
    </message>
    <message>
        <source>p(level | k)</source>
        <translation>p(Stufe | k)</translation>
    </message>
    <message>
        <source>P(level)</source>
        <translation>P(Stufe)</translation>
    </message>
    <message>
        <source>Bernoulli mixture: every value given is 0 or 1, so each column is a yes/no answer.</source>
        <translation>Bernoulli-Mischung: jeder angegebene Wert ist 0 oder 1, also ist jede Spalte eine Ja/Nein-Antwort.</translation>
    </message>
    <message>
        <source>0/1 values</source>
        <translation>0/1-Werte</translation>
    </message>
    <message>
        <source>Gaussian mixture: the values are measurements, not all whole numbers.</source>
        <translation>Gauß-Mischung: die Werte sind Messungen, nicht alle ganzzahlig.</translation>
    </message>
    <message>
        <source>measurements</source>
        <translation>Messungen</translation>
    </message>
    <message>
        <source>Gaussian mixture: whole numbers with missing cells (a multinomial cannot count a missing cell).</source>
        <translation>Gauß-Mischung: ganze Zahlen mit fehlenden Zellen (eine Multinomialverteilung kann keine fehlende Zelle zählen).</translation>
    </message>
    <message>
        <source>whole numbers with missing cells</source>
        <translation>ganze Zahlen mit fehlenden Zellen</translation>
    </message>
    <message>
        <source>1 numeric column</source>
        <translation>1 numerische Spalte</translation>
    </message>
    <message>
        <source>{0} numeric columns</source>
        <translation>{0} numerische Spalten</translation>
    </message>
    <message>
        <source> beside 1 text answer</source>
        <translation> neben 1 Textantwort</translation>
    </message>
    <message>
        <source> beside {0} text answers</source>
        <translation> neben {0} Textantworten</translation>
    </message>
    <message>
        <source>Mixed mixture (naive Bayes over mixed columns): {0}, each component a Gaussian over the measurements times categoricals over the answers.</source>
        <translation>Mischung gemischter Spalten (naive Bayes über gemischte Spalten): {0}, jede Komponente eine Gaußverteilung über die Messwerte mal kategoriale Verteilungen über die Antworten.</translation>
    </message>
    <message>
        <source>measurements beside answers</source>
        <translation>Messwerte neben Antworten</translation>
    </message>
    <message>
        <source>Categorical mixture (latent class analysis): every column holds a few whole-number codes, read as answers, not measurements ({0} column of {1} levels).</source>
        <translation>Kategoriale Mischung (Latent-Class-Analyse): jede Spalte enthält wenige ganzzahlige Codes, gelesen als Antworten, nicht als Messwerte ({0} Spalte mit {1} Stufen).</translation>
    </message>
    <message>
        <source>Categorical mixture (latent class analysis): every column holds a few whole-number codes, read as answers, not measurements ({0} columns of {1} levels).</source>
        <translation>Kategoriale Mischung (Latent-Class-Analyse): jede Spalte enthält wenige ganzzahlige Codes, gelesen als Antworten, nicht als Messwerte ({0} Spalten mit {1} Stufen).</translation>
    </message>
    <message>
        <source>answer codes</source>
        <translation>Antwortcodes</translation>
    </message>
    <message>
        <source>Categorical mixture (latent class analysis): every feature is a text answer ({0} column of {1} levels).</source>
        <translation>Kategoriale Mischung (Latent-Class-Analyse): jedes Merkmal ist eine Textantwort ({0} Spalte mit {1} Stufen).</translation>
    </message>
    <message>
        <source>Categorical mixture (latent class analysis): every feature is a text answer ({0} columns of {1} levels).</source>
        <translation>Kategoriale Mischung (Latent-Class-Analyse): jedes Merkmal ist eine Textantwort ({0} Spalten mit {1} Stufen).</translation>
    </message>
    <message>
        <source>text answers</source>
        <translation>Textantworten</translation>
    </message>
    <message>
        <source>Gaussian mixture: the features are standardised, so they are measurements.</source>
        <translation>Gauß-Mischung: die Merkmale sind standardisiert, also Messungen.</translation>
    </message>
    <message>
        <source>standardised features</source>
        <translation>standardisierte Merkmale</translation>
    </message>
    <message>
        <source>Gaussian mixture: the default for a table of numbers.</source>
        <translation>Gauß-Mischung: die Voreinstellung für eine Zahlentabelle.</translation>
    </message>
    <message>
        <source>a table of numbers</source>
        <translation>eine Zahlentabelle</translation>
    </message>
    <message>
        <source>Bernoulli mixture: every value is 0 or 1, so each column is a yes/no answer.</source>
        <translation>Bernoulli-Mischung: jeder Wert ist 0 oder 1, also ist jede Spalte eine Ja/Nein-Antwort.</translation>
    </message>
    <message>
        <source>Gaussian mixture: whole numbers, but some are negative, so they are not counts.</source>
        <translation>Gauß-Mischung: ganze Zahlen, aber einige sind negativ, also keine Anzahlen.</translation>
    </message>
    <message>
        <source>whole numbers, not counts</source>
        <translation>ganze Zahlen, keine Anzahlen</translation>
    </message>
    <message>
        <source>Multinomial mixture: the rows look like documents ({0} count columns, {1} zeros, row totals from {2:.0f} to {3:.0f}).</source>
        <translation>Multinomial-Mischung: die Zeilen sehen aus wie Dokumente ({0} Zählspalten, {1} Nullen, Zeilensummen von {2:.0f} bis {3:.0f}).</translation>
    </message>
    <message>
        <source>rows that look like documents</source>
        <translation>Zeilen, die wie Dokumente aussehen</translation>
    </message>
    <message>
        <source>Gaussian mixture: whole numbers read as measurements, though each column holds a few codes; read them as categorical to fit latent classes of answers.</source>
        <translation>Gauß-Mischung: ganze Zahlen als Messwerte gelesen, obwohl jede Spalte wenige Codes enthält; lesen Sie sie als kategorial, um latente Klassen von Antworten anzupassen.</translation>
    </message>
    <message>
        <source>answer codes read as numbers</source>
        <translation>Antwortcodes als Zahlen gelesen</translation>
    </message>
    <message>
        <source>only {0} column</source>
        <translation>nur {0} Spalte</translation>
    </message>
    <message>
        <source>only {0} columns</source>
        <translation>nur {0} Spalten</translation>
    </message>
    <message>
        <source>only {0} zeros</source>
        <translation>nur {0} Nullen</translation>
    </message>
    <message>
        <source>every row has the same total</source>
        <translation>jede Zeile hat dieselbe Summe</translation>
    </message>
    <message>
        <source>Gaussian mixture: whole numbers, but not word counts ({0}); choose Multinomial to count them as words.</source>
        <translation>Gauß-Mischung: ganze Zahlen, aber keine Wortanzahlen ({0}); Multinomial wählen, um sie als Wörter zu zählen.</translation>
    </message>
    <message>
        <source>whole numbers, not word counts</source>
        <translation>ganze Zahlen, keine Wortanzahlen</translation>
    </message>
    <message>
        <source>covariance matrix</source>
        <translation>Kovarianzmatrix</translation>
    </message>
    <message>
        <source>standard deviations and correlations</source>
        <translation>Standardabweichungen und Korrelationen</translation>
    </message>
    <message>
        <source>covariance Σ</source>
        <translation>Kovarianz Σ</translation>
    </message>
    <message>
        <source>variances</source>
        <translation>Varianzen</translation>
    </message>
    <message>
        <source>variance</source>
        <translation>Varianz</translation>
    </message>
    <message>
        <source> (diagonal: the model&apos;s covariances are diag)</source>
        <translation> (diagonal: die Kovarianzen des Modells sind diag)</translation>
    </message>
    <message>
        <source> (spherical: σ² I)</source>
        <translation> (sphärisch: σ² I)</translation>
    </message>
    <message>
        <source>{0}, {1} covariance</source>
        <translation>{0}, Kovarianz {1}</translation>
    </message>
    <message>
        <source>mean μ</source>
        <translation>Mittelwert μ</translation>
    </message>
    <message>
        <source>variance σ²</source>
        <translation>Varianz σ²</translation>
    </message>
    <message>
        <source>Shared covariance Σ: {0}</source>
        <translation>Gemeinsame Kovarianz Σ: {0}</translation>
    </message>
    <message>
        <source>the shared Σ ({0})</source>
        <translation>das gemeinsame Σ ({0})</translation>
    </message>
    <message>
        <source>Gaussian mixture</source>
        <translation>Gauß-Mischung</translation>
    </message>
    <message>
        <source>Gaussian</source>
        <translation>Gauß</translation>
    </message>
    <message>
        <source>Vocabulary M</source>
        <translation>Vokabular M</translation>
    </message>
    <message>
        <source>words</source>
        <translation>Wörter</translation>
    </message>
    <message>
        <source>word probabilities</source>
        <translation>Wortwahrscheinlichkeiten</translation>
    </message>
    <message>
        <source>Normalise weights and words</source>
        <translation>Gewichte und Wörter normieren</translation>
    </message>
    <message>
        <source>Multinomial mixture</source>
        <translation>Multinomial-Mischung</translation>
    </message>
    <message>
        <source>Multinomial</source>
        <translation>Multinomial</translation>
    </message>
    <message>
        <source>θ (word probabilities)</source>
        <translation>θ (Wortwahrscheinlichkeiten)</translation>
    </message>
    <message>
        <source>most probable of {0}</source>
        <translation>die wahrscheinlichsten von {0}</translation>
    </message>
    <message>
        <source>on the total</source>
        <translation>auf die Summe</translation>
    </message>
    <message>
        <source>per row</source>
        <translation>pro Zeile</translation>
    </message>
    <message>
        <source>relative to the total</source>
        <translation>relativ zur Summe</translation>
    </message>
    <message>
        <source>(not used: a fixed number of iterations)</source>
        <translation>(nicht verwendet: feste Anzahl von Iterationen)</translation>
    </message>
    <message>
        <source>Naive Bayes ({0})</source>
        <translation>Naive Bayes ({0})</translation>
    </message>
    <message>
        <source>, fixed σ² = {0:.3g}</source>
        <translation>, festes σ² = {0:.3g}</translation>
    </message>
    <message>
        <source> — hard EM</source>
        <translation> — hartes EM</translation>
    </message>
    <message>
        <source>tol {0:g} {1}</source>
        <translation>Tol. {0:g} {1}</translation>
    </message>
    <message>
        <source>Data view figure…</source>
        <translation>Abbildung der Datenansicht…</translation>
    </message>
    <message>
        <source>Objective figure…</source>
        <translation>Abbildung der Zielfunktion…</translation>
    </message>
    <message>
        <source>Responsibility map figure…</source>
        <translation>Abbildung der Verantwortlichkeiten…</translation>
    </message>
    <message>
        <source>Bound view figure…</source>
        <translation>Abbildung der Schranke…</translation>
    </message>
    <message>
        <source>Choose K figure…</source>
        <translation>Abbildung zu K wählen…</translation>
    </message>
    <message>
        <source>Restart gallery figure…</source>
        <translation>Abbildung der Neustart-Galerie…</translation>
    </message>
    <message>
        <source>the board</source>
        <translation>die Tafel</translation>
    </message>
    <message>
        <source>the E-step board (View menu)</source>
        <translation>die E-step-Tafel (Menü Ansicht)</translation>
    </message>
    <message>
        <source>the point inspector</source>
        <translation>der Punktinspektor</translation>
    </message>
    <message>
        <source>Old Faithful eruptions: a 2-D Gaussian mixture untangles a bad start</source>
        <translation>Ausbrüche des Old Faithful: eine 2-D-Gauß-Mischung entwirrt einen schlechten Start</translation>
    </message>
    <message>
        <source>Both means start in empty corners. Press E and M a few times: watch the ellipses swing onto the two clouds of eruptions while the objective climbs.</source>
        <translation>Beide Mittelwerte starten in leeren Ecken. Drücken Sie einige Male E und M: die Ellipsen schwenken auf die beiden Wolken von Ausbrüchen, während die Zielfunktion steigt.</translation>
    </message>
    <message>
        <source>Three overlapping 1-D Gaussians: weighted densities over a histogram</source>
        <translation>Drei überlappende 1-D-Gaußverteilungen: gewichtete Dichten über einem Histogramm</translation>
    </message>
    <message>
        <source>Three broad Gaussians start in the middle. Each M-step moves the weighted densities; their sum (the black curve) comes to fit the histogram.</source>
        <translation>Drei breite Gaußverteilungen starten in der Mitte. Jeder M-step verschiebt die gewichteten Dichten; ihre Summe (die schwarze Kurve) passt sich dem Histogramm an.</translation>
    </message>
    <message>
        <source>Three 2-D Gaussians with known truth: watch EM find them</source>
        <translation>Drei 2-D-Gaußverteilungen mit bekannter Wahrheit: sehen Sie zu, wie EM sie findet</translation>
    </message>
    <message>
        <source>The dashed ellipses are the truth the data was drawn from; the filled ones are EM&apos;s fit.</source>
        <translation>Die gestrichelten Ellipsen sind die Wahrheit, aus der die Daten gezogen wurden; die gefüllten sind die Anpassung von EM.</translation>
    </message>
    <message>
        <source>Missing cells: EM fills in the coordinates a third of the rows lack</source>
        <translation>Fehlende Zellen: EM ergänzt die Koordinaten, die einem Drittel der Zeilen fehlen</translation>
    </message>
    <message>
        <source>Hollow points lack a coordinate and sit at its expected value given the other. Step E and M: as the ellipses sharpen, each hollow point slides along its known coordinate towards the component it belongs to.</source>
        <translation>Hohle Punkte haben eine Koordinate nicht und sitzen auf ihrem Erwartungswert gegeben die andere. E und M schrittweise: während die Ellipsen schärfer werden, gleitet jeder hohle Punkt entlang seiner bekannten Koordinate zu der Komponente, zu der er gehört.</translation>
    </message>
    <message>
        <source>Iris (4 features): Gaussian clusters against the species</source>
        <translation>Iris (4 Merkmale): Gauß-Cluster gegen die Arten</translation>
    </message>
    <message>
        <source>Four measurements of 150 irises; the clusters are found without the species. View → Clusters vs classes compares them with the species.</source>
        <translation>Vier Messungen an 150 Iris-Blüten; die Cluster werden ohne die Art gefunden. Ansicht → Cluster gegen Klassen vergleicht sie mit den Arten.</translation>
    </message>
    <message>
        <source>Palmer penguins: Gaussian clusters against the species</source>
        <translation>Palmer-Pinguine: Gauß-Cluster gegen die Arten</translation>
    </message>
    <message>
        <source>Bill, flipper and body measurements of 342 penguins (standardised); clusters found without the species.</source>
        <translation>Schnabel-, Flossen- und Körpermaße von 342 Pinguinen (standardisiert); Cluster ohne die Art gefunden.</translation>
    </message>
    <message>
        <source>Handwritten digits: a Bernoulli mixture learns digit prototypes</source>
        <translation>Handgeschriebene Ziffern: eine Bernoulli-Mischung lernt Ziffernprototypen</translation>
    </message>
    <message>
        <source>Each component is a picture of pixel probabilities: step and watch ten digit prototypes appear.</source>
        <translation>Jede Komponente ist ein Bild aus Pixelwahrscheinlichkeiten: schrittweise erscheinen zehn Ziffernprototypen.</translation>
    </message>
    <message>
        <source>Noisy bar images with known prototypes: a Bernoulli mixture recovers them</source>
        <translation>Verrauschte Balkenbilder mit bekannten Prototypen: eine Bernoulli-Mischung findet sie wieder</translation>
    </message>
    <message>
        <source>The data was drawn from four bar pictures: compare the fitted prototypes with the true ones.</source>
        <translation>Die Daten wurden aus vier Balkenbildern gezogen: vergleichen Sie die angepassten Prototypen mit den wahren.</translation>
    </message>
    <message>
        <source>Bag-of-words documents: a multinomial mixture finds topics</source>
        <translation>Bag-of-Words-Dokumente: eine Multinomial-Mischung findet Themen</translation>
    </message>
    <message>
        <source>Each component is a distribution over words: read its top words as the topic it found.</source>
        <translation>Jede Komponente ist eine Verteilung über Wörter: lesen Sie ihre häufigsten Wörter als das gefundene Thema.</translation>
    </message>
    <message>
        <source>Survey answers: a categorical mixture finds three latent classes</source>
        <translation>Umfrageantworten: eine kategoriale Mischung findet drei latente Klassen</translation>
    </message>
    <message>
        <source>Each bar is one class&apos;s answers to a question (never at the bottom, often at the top). Step and watch three respondent types emerge; the parameters list the true answers beside each class.</source>
        <translation>Jeder Balken zeigt die Antworten einer Klasse auf eine Frage („never“ unten, „often“ oben). Schrittweise entstehen drei Befragtentypen; die Parameter zeigen die wahren Antworten neben jeder Klasse.</translation>
    </message>
    <message>
        <source>A fixed shared variance σ²: shrink it and soft EM turns into k-means</source>
        <translation>Eine feste gemeinsame Varianz σ²: verkleinern Sie sie, und weiches EM wird zu k-means</translation>
    </message>
    <message>
        <source>Shrink the fixed variance σ² in the controls: the soft colours turn hard and EM becomes k-means.</source>
        <translation>Verkleinern Sie die feste Varianz σ² in der Steuerung: die weichen Farben werden hart und EM wird zu k-means.</translation>
    </message>
    <message>
        <source>Supervised naive Bayes: with every label known, one M-step fits it</source>
        <translation>Überwachtes Naive Bayes: mit allen bekannten Labels passt ein M-step es an</translation>
    </message>
    <message>
        <source>Every document&apos;s topic is known, so the responsibilities are the labels and one M-step is the fit.</source>
        <translation>Das Thema jedes Dokuments ist bekannt, also sind die Verantwortlichkeiten die Labels und ein M-step ist die Anpassung.</translation>
    </message>
    <message>
        <source>Lecture: one EM iteration by hand for two documents and two binary features</source>
        <translation>Vorlesung: eine EM-Iteration von Hand für zwei Dokumente und zwei binäre Merkmale</translation>
    </message>
    <message>
        <source>Documents (1, 1), (0, 1); start π = (0.7, 0.3), P(x1=1|C) = (0.5, 0.2), P(x2=1|C) = (0.4, 0.7); the note&apos;s C = 0, 1 are components 1, 2. E: each r on [board]; M: π2 = 0.388, P(x1=1|C=0) = 0.629 in the table (the note rounds r first: 0.628).</source>
        <translation>Dokumente (1, 1), (0, 1); Start π = (0.7, 0.3), P(x1=1|C) = (0.5, 0.2), P(x2=1|C) = (0.4, 0.7); C = 0, 1 des Skripts sind die Komponenten 1, 2. E: [board] zeigt jedes r; M: π2 = 0.388, P(x1=1|C=0) = 0.629 in der Tabelle (das Skript rundet r zuerst: 0.628).</translation>
    </message>
    <message>
        <source>Component 1 is the note&apos;s + (dog, cat), 2 its − (tulip, rose); equal priors; row 1 is the note&apos;s document. E: [board] shows P(+ | row 1) = 0.995, P(D | θ) = ∏ θ_w^n(w) = 0.001 and 5e−6, and the log-odds score 5.298; [W] works them out.</source>
        <translation>Komponente 1 ist das + des Skripts (dog, cat), 2 sein − (tulip, rose); gleiche Prioren; Zeile 1 ist das Dokument des Skripts. E: [board] zeigt P(+ | Zeile 1) = 0.995, P(D | θ) = ∏ θ_w^n(w) = 0.001 und 5e−6 und den Log-Odds-Score 5.298; [W] rechnet sie vor.</translation>
    </message>
    <message>
        <source>Hard EM with a small fixed variance is k-means: E gives each point to its nearest mean, M moves each mean to its cluster&apos;s average. The means, on the plot and [board]: 3.5, 4.8, then 2.333, 5.5, then 1.5, 5.0, where lecture-five-points starts.</source>
        <translation>Hartes EM mit einer kleinen festen Varianz ist k-means: E gibt jeden Punkt seinem nächsten Mittelwert, M setzt jeden Mittelwert auf den Durchschnitt seines Clusters. Das Diagramm und [board] zeigen die Mittelwerte: 3.5, 4.8, dann 2.333, 5.5, dann 1.5, 5.0, wo lecture-five-points beginnt.</translation>
    </message>
    <message>
        <source>The k-means clusters {1, 2}, {4, 5, 6} as two Gaussians (the note&apos;s C = 1, 2 are components 1, 2). E: on [board] P(C | x) is all but hard for the five points; the probe x = 3 between them gets the note&apos;s 0.195 / 0.805.</source>
        <translation>Die k-means-Cluster {1, 2}, {4, 5, 6} als zwei Gauß-Verteilungen (C = 1, 2 des Skripts sind die Komponenten 1, 2). E: [board] zeigt P(C | x) der fünf Punkte, fast hart; die Sonde x = 3 zwischen ihnen erhält die 0.195 / 0.805 des Skripts.</translation>
    </message>
    <message>
        <source>500 bananas, 300 oranges, 200 others, α = β = 1 (Laplace). E, M, E: on [board] the long, sweet, yellow fruit&apos;s P(C | x) is banana 0.928. The note&apos;s code uses feature counts as class sizes.</source>
        <translation>500 Bananen, 300 Orangen, 200 andere, α = β = 1 (Laplace). E, M, E: [board] zeigt P(C | x) der langen, süßen, gelben Frucht: Banane 0.928. Der Code des Skripts nimmt die Merkmalszahlen als Klassengrößen.</translation>
    </message>
    <message>
        <source>The note&apos;s start, α = β = 0.01 (C = 0, 1 are components 1, 2). Run to convergence (Ctrl+R) does the note&apos;s 100 iterations: π = 0.665, 0.335 in the table, and the point (0, 0, 1), row 8 of [board], 0.329 / 0.671.</source>
        <translation>Der Start des Skripts, α = β = 0.01 (C = 0, 1 sind die Komponenten 1, 2). Bis zur Konvergenz (Strg+R) macht die 100 Iterationen des Skripts: π = 0.665, 0.335 in der Tabelle, und [board] zeigt in Zeile 8 den Punkt (0, 0, 1): 0.329 / 0.671.</translation>
    </message>
    <message>
        <source>The bundled 8x8 handwritten 2s (the note has MNIST&apos;s 28x28), hard EM, K = 2, α = β = 1, from random pixel probabilities. Run it: the two prototypes are two ways to write a 2, π = 0.380, 0.620 (the note&apos;s MNIST run: 0.433, 0.567).</source>
        <translation>Die mitgelieferten handgeschriebenen 8x8-Zweien (das Skript nimmt MNISTs 28x28), hartes EM, K = 2, α = β = 1, von zufälligen Pixelwahrscheinlichkeiten. Laufen lassen: die zwei Prototypen sind zwei Arten, eine 2 zu schreiben, π = 0.380, 0.620 (der MNIST-Lauf des Skripts: 0.433, 0.567).</translation>
    </message>
    <message>
        <source>1000 rows drawn from sources A, B and C. Run it and compare the fitted probabilities with the true sources (the ticks): how close do six binary features get? [board] shows the selected row&apos;s r_nk.</source>
        <translation>1000 Zeilen aus den Quellen A, B und C gezogen. Laufen lassen und die angepassten Wahrscheinlichkeiten mit den wahren Quellen vergleichen (die Striche): wie nah kommen sechs binäre Merkmale? [board] zeigt r_nk der gewählten Zeile.</translation>
    </message>
    <message>
        <source>1000 samples of the note&apos;s mixture (drawn here, not its printout): about 900 from the tilted Gaussian at (5, 0), 100 from the round one at (−5, 0), dashed. Run it: [board] shows the means EM finds and a clicked point&apos;s r_nk.</source>
        <translation>1000 Stichproben der Mischung des Skripts (hier gezogen, nicht sein Ausdruck): etwa 900 aus der schrägen Gauß-Verteilung bei (5, 0), 100 aus der runden bei (−5, 0), gestrichelt. Laufen lassen: [board] zeigt die Mittelwerte, die EM findet, und r_nk eines angeklickten Punkts.</translation>
    </message>
    <message>
        <source>500 samples (drawn here, not the note&apos;s five printed ones) of means (−2, 0, 3), sds (1.2, 1, 2.5), weights (0.2, 0.5, 0.3). The weighted densities add up to the thick curve; [board] shows the means EM finds.</source>
        <translation>500 Stichproben (hier gezogen, nicht die fünf gedruckten des Skripts) mit Mittelwerten (−2, 0, 3), Standardabweichungen (1.2, 1, 2.5), Gewichten (0.2, 0.5, 0.3). Die gewichteten Dichten ergeben die dicke Kurve; [board] zeigt die Mittelwerte, die EM findet.</translation>
    </message>
    <message>
        <source>Lecture: the E-step for the document dog dog cat dog cat tulip under two word distributions</source>
        <translation>Vorlesung: der E-step für das Dokument dog dog cat dog cat tulip unter zwei Wortverteilungen</translation>
    </message>
    <message>
        <source>Lecture: k-means on 1, 2, 4, 5, 6 from the means 3.5 and 4.8, one half-step per assignment or update</source>
        <translation>Vorlesung: k-means auf 1, 2, 4, 5, 6 von den Mittelwerten 3.5 und 4.8, ein Halbschritt pro Zuordnung oder Aktualisierung</translation>
    </message>
    <message>
        <source>Lecture: the points 1, 2, 4, 5, 6 from k-means clusters to a mixture of Gaussians</source>
        <translation>Vorlesung: die Punkte 1, 2, 4, 5, 6 von k-means-Clustern zu einer Gauß-Mischung</translation>
    </message>
    <message>
        <source>Lecture: naive Bayes with Laplace smoothing on 1000 fruits (long, sweet, yellow)</source>
        <translation>Vorlesung: Naive Bayes mit Laplace-Glättung auf 1000 Früchten (lang, süß, gelb)</translation>
    </message>
    <message>
        <source>Lecture: a mixture of naive Bayes on eight binary points, pseudo-counts 0.01</source>
        <translation>Vorlesung: eine Mischung aus Naive Bayes auf acht binären Punkten, Pseudo-Counts 0.01</translation>
    </message>
    <message>
        <source>Lecture: hard EM with two components on handwritten 2s: two ways to write a 2</source>
        <translation>Vorlesung: hartes EM mit zwei Komponenten auf handgeschriebenen Zweien: zwei Arten, eine 2 zu schreiben</translation>
    </message>
    <message>
        <source>Lecture: a mixture of naive Bayes recovers three sources over six binary features</source>
        <translation>Vorlesung: eine Mischung aus Naive Bayes findet drei Quellen über sechs binären Merkmalen</translation>
    </message>
    <message>
        <source>Lecture: samples from a 2-D mixture, weights 0.9 / 0.1</source>
        <translation>Vorlesung: Stichproben aus einer 2-D-Mischung, Gewichte 0.9 / 0.1</translation>
    </message>
    <message>
        <source>Lecture: samples from a 1-D mixture, weighted densities over a histogram</source>
        <translation>Vorlesung: Stichproben aus einer 1-D-Mischung, gewichtete Dichten über einem Histogramm</translation>
    </message>
    <message>
        <source>Half-step {index} of {last}: the start.</source>
        <translation>Halbschritt {index} von {last}: der Start.</translation>
    </message>
    <message>
        <source>Half-step {index} of {last}: the E-step of iteration {iteration}.</source>
        <translation>Halbschritt {index} von {last}: der E-step der Iteration {iteration}.</translation>
    </message>
    <message>
        <source>Half-step {index} of {last}: the M-step of iteration {iteration}.</source>
        <translation>Halbschritt {index} von {last}: der M-step der Iteration {iteration}.</translation>
    </message>
    <message>
        <source>The {name} is {value}.</source>
        <translation>Die {name} ist {value}.</translation>
    </message>
    <message>
        <source>The {name} is {value}, unchanged from the half-step before.</source>
        <translation>Die {name} ist {value}, unverändert gegenüber dem Halbschritt davor.</translation>
    </message>
    <message>
        <source>The {name} is {value}: it rose by {change} from the half-step before.</source>
        <translation>Die {name} ist {value}: sie ist um {change} gegenüber dem Halbschritt davor gestiegen.</translation>
    </message>
    <message>
        <source>The {name} is {value}: it fell by {change} from the half-step before.</source>
        <translation>Die {name} ist {value}: sie ist um {change} gegenüber dem Halbschritt davor gefallen.</translation>
    </message>
    <message>
        <source>Component {name}: {parameters}.</source>
        <translation>Komponente {name}: {parameters}.</translation>
    </message>
    <message>
        <source>{r} for component {name}</source>
        <translation>{r} für Komponente {name}</translation>
    </message>
    <message>
        <source>; the other {count} below {small}</source>
        <translation>; die übrigen {count} unter {small}</translation>
    </message>
    <message>
        <source>Selected: {point}, with responsibilities {shares}.</source>
        <translation>Ausgewählt: {point}, mit den Verantwortlichkeiten {shares}.</translation>
    </message>
    <message>
        <source>No data yet: open a file or a preset.</source>
        <translation>Noch keine Daten: öffnen Sie eine Datei oder eine Vorlage.</translation>
    </message>
    <message>
        <source>Data view: {y} (up) against {x} (across)</source>
        <translation>Datenansicht: {y} (nach oben) gegen {x} (nach rechts)</translation>
    </message>
    <message>
        <source>{n} points coloured by their responsibilities, each component&apos;s mean and ellipses.</source>
        <translation>{n} Punkte, nach ihren Verantwortlichkeiten gefärbt; Mittelwert und Ellipsen jeder Komponente.</translation>
    </message>
    <message>
        <source>{n} points coloured by their responsibilities, and each component&apos;s mean.</source>
        <translation>{n} Punkte, nach ihren Verantwortlichkeiten gefärbt, und der Mittelwert jeder Komponente.</translation>
    </message>
    <message>
        <source>Data view: histogram of {x}</source>
        <translation>Datenansicht: Histogramm von {x}</translation>
    </message>
    <message>
        <source>{n} values, with each component&apos;s weighted density over them.</source>
        <translation>{n} Werte, darüber die gewichtete Dichte jeder Komponente.</translation>
    </message>
    <message>
        <source>Data view: every pair of features</source>
        <translation>Datenansicht: jedes Paar von Merkmalen</translation>
    </message>
    <message>
        <source>A scatter plot for each pair of {features}.</source>
        <translation>Ein Streudiagramm für jedes Paar aus {features}.</translation>
    </message>
    <message>
        <source>Data view: each component&apos;s probabilities</source>
        <translation>Datenansicht: die Wahrscheinlichkeiten jeder Komponente</translation>
    </message>
    <message>
        <source>Data view: each component&apos;s answer probabilities</source>
        <translation>Datenansicht: die Antwortwahrscheinlichkeiten jeder Komponente</translation>
    </message>
    <message>
        <source>Responsibility map</source>
        <translation>Verantwortlichkeitskarte</translation>
    </message>
    <message>
        <source>One row for each of the {n} data points, one column per component: r_nk.</source>
        <translation>Eine Zeile für jeden der {n} Datenpunkte, eine Spalte pro Komponente: r_nk.</translation>
    </message>
    <message>
        <source>Objective curve: the {name} at each half-step</source>
        <translation>Zielfunktionskurve: die {name} in jedem Halbschritt</translation>
    </message>
    <message>
        <source>The {name} of the {count} half-steps computed runs from {first} to {last}.</source>
        <translation>Die {name} der {count} berechneten Halbschritte verläuft von {first} bis {last}.</translation>
    </message>
    <message>
        <source>Choose K: each K&apos;s criterion</source>
        <translation>K wählen: das Kriterium jedes K</translation>
    </message>
    <message>
        <source>Bound view: the objective and the bound EM climbs, along one parameter</source>
        <translation>Schrankenansicht: die Zielfunktion und die Schranke, die EM ersteigt, entlang eines Parameters</translation>
    </message>
    <message>
        <source>True components</source>
        <translation>Wahre Komponenten</translation>
    </message>
    <message>
        <source>The true components of synthesised data, dashed</source>
        <translation>Die wahren Komponenten synthetischer Daten, gestrichelt</translation>
    </message>
    <message>
        <source>Density shading</source>
        <translation>Dichteschattierung</translation>
    </message>
    <message>
        <source>The mixture density p(x) shaded under the points (2-D)</source>
        <translation>Die Mischungsdichte p(x), unter den Punkten schattiert (2-D)</translation>
    </message>
    <message>
        <source>Ellipses</source>
        <translation>Ellipsen</translation>
    </message>
    <message>
        <source>Each component&apos;s 1σ and 2σ ellipses (2-D)</source>
        <translation>Die 1σ- und 2σ-Ellipsen jeder Komponente (2-D)</translation>
    </message>
    <message>
        <source>Mixture curve</source>
        <translation>Mischungskurve</translation>
    </message>
    <message>
        <source>The mixture density p(x), the thick curve (1-D)</source>
        <translation>Die Mischungsdichte p(x), die dicke Kurve (1-D)</translation>
    </message>
    <message>
        <source>Labelled points</source>
        <translation>Gelabelte Punkte</translation>
    </message>
    <message>
        <source>The diamonds on points given a class in label mode</source>
        <translation>Die Rauten auf Punkten, denen im Label-Modus eine Klasse gegeben wurde</translation>
    </message>
    <message>
        <source>Legend</source>
        <translation>Legende</translation>
    </message>
    <message>
        <source>What the lines, ellipses, shading and colours mean</source>
        <translation>Was die Linien, Ellipsen, Schattierung und Farben bedeuten</translation>
    </message>
    <message>
        <source>Mean values</source>
        <translation>Mittelwerte</translation>
    </message>
    <message>
        <source>Each mean&apos;s value written beside it in the window (1-D and 2-D data, up to four components)</source>
        <translation>Der Wert jedes Mittelwerts neben ihm im Fenster (1-D- und 2-D-Daten, bis zu vier Komponenten)</translation>
    </message>
    <message>
        <source>Marker shapes by component</source>
        <translation>Markerformen nach Komponente</translation>
    </message>
    <message>
        <source>Each point drawn in the shape of its most responsible component (for colour-blind viewers)</source>
        <translation>Jeder Punkt in der Form seiner verantwortlichsten Komponente (für farbenblinde Betrachter)</translation>
    </message>
    <message>
        <source>Colour by uncertainty</source>
        <translation>Nach Unsicherheit färben</translation>
    </message>
    <message>
        <source>Points from grey (certain) to red (most uncertain: 1 − max_k r_nk, mclust&apos;s uncertainty plot)</source>
        <translation>Punkte von grau (sicher) bis rot (am unsichersten: 1 − max_k r_nk, der Unsicherheitsplot von mclust)</translation>
    </message>
    <message>
        <source>Equal aspect (2-D)</source>
        <translation>Gleiches Seitenverhältnis (2-D)</translation>
    </message>
    <message>
        <source>Both axes of a 2-D view at the same scale, so that a round covariance looks round (on by default for synthesised and lecture data, whose axes share units)</source>
        <translation>Beide Achsen einer 2-D-Ansicht im selben Maßstab, damit eine runde Kovarianz rund aussieht (Voreinstellung für synthetische und Vorlesungsdaten, deren Achsen dieselbe Einheit haben)</translation>
    </message>
    <message>
        <source>Parameters in original units</source>
        <translation>Parameter in Originaleinheiten</translation>
    </message>
    <message>
        <source>Means, covariances and feature axes in the file&apos;s units (for standardised data)</source>
        <translation>Mittelwerte, Kovarianzen und Merkmalsachsen in den Einheiten der Datei (für standardisierte Daten)</translation>
    </message>
    <message>
        <source>classification log-lik.</source>
        <translation>Klassifikations-Log-Lik.</translation>
    </message>
    <message>
        <source>objective</source>
        <translation>Zielfunktion</translation>
    </message>
    <message>
        <source>converged: the {0} gained less than {1}</source>
        <translation>konvergiert: die {0} stieg um weniger als {1}</translation>
    </message>
    <message>
        <source>stopped at the iteration cap ({0}) without converging</source>
        <translation>an der Iterationsgrenze ({0}) ohne Konvergenz angehalten</translation>
    </message>
    <message>
        <source>not converged</source>
        <translation>nicht konvergiert</translation>
    </message>
    <message>
        <source>Converged after {0} iteration(s): the {1} gained less than {2}.</source>
        <translation>Nach {0} Iteration(en) konvergiert: die {1} stieg um weniger als {2}.</translation>
    </message>
    <message>
        <source>Stopped at the iteration cap ({0}) without converging: raise the cap or the tolerance in the Run box, or run again to go on.</source>
        <translation>An der Iterationsgrenze ({0}) ohne Konvergenz angehalten: erhöhen Sie die Grenze oder die Toleranz im Bereich Ausführen, oder führen Sie es erneut aus, um fortzufahren.</translation>
    </message>
    <message>
        <source>Stopped after {0} iteration(s) without converging.</source>
        <translation>Nach {0} Iteration(en) ohne Konvergenz angehalten.</translation>
    </message>
    <message>
        <source>Load data or choose a preset first: there is no data to paint.</source>
        <translation>Laden Sie zuerst Daten oder wählen Sie eine Vorlage: es gibt keine Daten zum Malen.</translation>
    </message>
    <message>
        <source>Painting needs 1-D or 2-D continuous data (a Gaussian mixture drawn as points); this is {0}-feature data under a {1}.</source>
        <translation>Malen braucht 1-D- oder 2-D-kontinuierliche Daten (eine als Punkte gezeichnete Gauß-Mischung); dies sind Daten mit {0} Merkmalen unter einer {1}.</translation>
    </message>
    <message>
        <source>Animated GIF</source>
        <translation>Animiertes GIF</translation>
    </message>
    <message>
        <source>GIF animation (*.gif)</source>
        <translation>GIF-Animation (*.gif)</translation>
    </message>
    <message>
        <source>Animated PNG (APNG)</source>
        <translation>Animiertes PNG (APNG)</translation>
    </message>
    <message>
        <source>Animated PNG (*.png *.apng)</source>
        <translation>Animiertes PNG (*.png *.apng)</translation>
    </message>
    <message>
        <source>Numbered PNG frames in a folder</source>
        <translation>Nummerierte PNG-Bilder in einem Ordner</translation>
    </message>
    <message>
        <source>Export an animation</source>
        <translation>Eine Animation exportieren</translation>
    </message>
    <message>
        <source>The objective curve beside the data, marking the half-step</source>
        <translation>Die Zielfunktionskurve neben den Daten, mit markiertem Halbschritt</translation>
    </message>
    <message>
        <source>Format:</source>
        <translation>Format:</translation>
    </message>
    <message>
        <source>Half-steps:</source>
        <translation>Halbschritte:</translation>
    </message>
    <message>
        <source>to</source>
        <translation>bis</translation>
    </message>
    <message>
        <source>(the run has 0 to {0})</source>
        <translation>(der Lauf hat 0 bis {0})</translation>
    </message>
    <message>
        <source>Each frame:</source>
        <translation>Jedes Bild:</translation>
    </message>
    <message>
        <source>Size:</source>
        <translation>Größe:</translation>
    </message>
    <message>
        <source>First half-step</source>
        <translation>Erster Halbschritt</translation>
    </message>
    <message>
        <source>Last half-step</source>
        <translation>Letzter Halbschritt</translation>
    </message>
    <message>
        <source>Each frame, in milliseconds</source>
        <translation>Jedes Bild, in Millisekunden</translation>
    </message>
    <message>
        <source>Width in pixels</source>
        <translation>Breite in Pixeln</translation>
    </message>
    <message>
        <source>Height in pixels</source>
        <translation>Höhe in Pixeln</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Exportieren…</translation>
    </message>
    <message>
        <source>{0} frame, {1:.1f} s in all.</source>
        <translation>{0} Bild, insgesamt {1:.1f} s.</translation>
    </message>
    <message>
        <source>{0} frames, {1:.1f} s in all.</source>
        <translation>{0} Bilder, insgesamt {1:.1f} s.</translation>
    </message>
    <message>
        <source>Folder for the PNG frames</source>
        <translation>Ordner für die PNG-Bilder</translation>
    </message>
    <message>
        <source>Export the animation ({0})</source>
        <translation>Die Animation exportieren ({0})</translation>
    </message>
    <message>
        <source>There is nothing to export yet: load data or choose a preset first.</source>
        <translation>Es gibt noch nichts zu exportieren: laden Sie Daten oder wählen Sie eine Vorlage.</translation>
    </message>
    <message>
        <source>Could not export the animation: {0}</source>
        <translation>Die Animation konnte nicht exportiert werden: {0}</translation>
    </message>
    <message>
        <source>Exported the animation to {0}</source>
        <translation>Animation exportiert nach {0}</translation>
    </message>
    <message>
        <source>comma</source>
        <translation>Komma</translation>
    </message>
    <message>
        <source>tab</source>
        <translation>Tabulator</translation>
    </message>
    <message>
        <source>semicolon</source>
        <translation>Semikolon</translation>
    </message>
    <message>
        <source>whitespace</source>
        <translation>Leerraum</translation>
    </message>
    <message>
        <source>point  1.5</source>
        <translation>Punkt  1.5</translation>
    </message>
    <message>
        <source>comma  1,5</source>
        <translation>Komma  1,5</translation>
    </message>
    <message>
        <source>feature</source>
        <translation>Merkmal</translation>
    </message>
    <message>
        <source>categorical</source>
        <translation>kategorial</translation>
    </message>
    <message>
        <source>label</source>
        <translation>Label</translation>
    </message>
    <message>
        <source>ignore</source>
        <translation>ignorieren</translation>
    </message>
    <message>
        <source>Import {0}</source>
        <translation>{0} importieren</translation>
    </message>
    <message>
        <source>The character between the fields of a line</source>
        <translation>Das Zeichen zwischen den Feldern einer Zeile</translation>
    </message>
    <message>
        <source>The decimal mark of the numbers: a comma in files from most of Europe (17,99). Thousands separators are not read</source>
        <translation>Das Dezimalzeichen der Zahlen: ein Komma in Dateien aus den meisten Ländern Europas (17,99). Tausendertrennzeichen werden nicht gelesen</translation>
    </message>
    <message>
        <source>First row is a header</source>
        <translation>Erste Zeile ist eine Kopfzeile</translation>
    </message>
    <message>
        <source>Whether the first row names the columns</source>
        <translation>Ob die erste Zeile die Spalten benennt</translation>
    </message>
    <message>
        <source>units row</source>
        <translation>Einheitenzeile</translation>
    </message>
    <message>
        <source>Lines to skip after the header. &apos;units row&apos;: a row of units under the header (,km/s) is skipped</source>
        <translation>Zeilen, die nach der Kopfzeile übersprungen werden. „Einheitenzeile“: eine Zeile mit Einheiten unter der Kopfzeile (,km/s) wird übersprungen</translation>
    </message>
    <message>
        <source>Delimiter</source>
        <translation>Trennzeichen</translation>
    </message>
    <message>
        <source>Decimal mark</source>
        <translation>Dezimalzeichen</translation>
    </message>
    <message>
        <source>Skip</source>
        <translation>Überspringen</translation>
    </message>
    <message>
        <source>The file&apos;s first rows, and each column&apos;s role</source>
        <translation>Die ersten Zeilen der Datei und die Rolle jeder Spalte</translation>
    </message>
    <message>
        <source>t: feature values x ≥ t become 1, smaller ones 0</source>
        <translation>t: Merkmalswerte x ≥ t werden 1, kleinere 0</translation>
    </message>
    <message>
        <source>Threshold t</source>
        <translation>Schwelle t</translation>
    </message>
    <message>
        <source>The mixture fitted to the data (integer data can be Gaussian too)</source>
        <translation>Die an die Daten angepasste Mischung (ganzzahlige Daten können auch gaußsch sein)</translation>
    </message>
    <message>
        <source>K, the number of components: at most {0} (each is drawn, coloured and stepped through)</source>
        <translation>K, die Anzahl der Komponenten: höchstens {0} (jede wird gezeichnet, eingefärbt und schrittweise berechnet)</translation>
    </message>
    <message>
        <source>Gaussian covariance: full needs more rows than features per component; diag and spherical need fewer</source>
        <translation>Gauß-Kovarianz: full braucht mehr Zeilen als Merkmale pro Komponente; diag und spherical brauchen weniger</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Covariance</source>
        <translation>Kovarianz</translation>
    </message>
    <message>
        <source>Keep them: EM accounts for them</source>
        <translation>Behalten: EM berücksichtigt sie</translation>
    </message>
    <message>
        <source>Keep the rows with empty cells: each row&apos;s E-step uses the features it has, and the M-step the expected values of the others</source>
        <translation>Die Zeilen mit leeren Zellen behalten: der E-step jeder Zeile verwendet die vorhandenen Merkmale, der M-step die Erwartungswerte der übrigen</translation>
    </message>
    <message>
        <source>Load</source>
        <translation>Laden</translation>
    </message>
    <message>
        <source>{0} (detected)</source>
        <translation>{0} (erkannt)</translation>
    </message>
    <message>
        <source>Role of column {0}</source>
        <translation>Rolle der Spalte {0}</translation>
    </message>
    <message>
        <source>role of {0}</source>
        <translation>Rolle von {0}</translation>
    </message>
    <message>
        <source>A missing value</source>
        <translation>Ein fehlender Wert</translation>
    </message>
    <message>
        <source>{0} is large ({1:.0f} MB): the whole file is checked as it loads.</source>
        <translation>{0} ist groß ({1:.0f} MB): die ganze Datei wird beim Laden geprüft.</translation>
    </message>
    <message>
        <source>{0}: {1}. Choose the model above.</source>
        <translation>{0}: {1}. Wählen Sie oben das Modell.</translation>
    </message>
    <message>
        <source>Ready to load {0} rows and {1} feature</source>
        <translation>Bereit zum Laden von {0} Zeilen und {1} Merkmal</translation>
    </message>
    <message>
        <source>Ready to load {0} rows and {1} features</source>
        <translation>Bereit zum Laden von {0} Zeilen und {1} Merkmalen</translation>
    </message>
    <message>
        <source>labels from &apos;{0}&apos; ({1} classes)</source>
        <translation>Labels aus &apos;{0}&apos; ({1} Klassen)</translation>
    </message>
    <message>
        <source>{0} row(s) with missing values will be dropped ({1})</source>
        <translation>{0} Zeile(n) mit fehlenden Werten werden verworfen ({1})</translation>
    </message>
    <message>
        <source>{0} missing cell(s) in {1} row(s) are kept: EM accounts for them</source>
        <translation>{0} fehlende Zelle(n) in {1} Zeile(n) werden behalten: EM berücksichtigt sie</translation>
    </message>
    <message>
        <source>row {0}</source>
        <translation>Reihe {0}</translation>
    </message>
    <message>
        <source>rows {0}</source>
        <translation>Reihen {0}</translation>
    </message>
    <message>
        <source>line {0}</source>
        <translation>Zeile {0}</translation>
    </message>
    <message>
        <source>lines {0}</source>
        <translation>Zeilen {0}</translation>
    </message>
    <message>
        <source>Drop this row with missing values</source>
        <translation>Diese Zeile mit fehlenden Werten verwerfen</translation>
    </message>
    <message>
        <source>Drop these {0} rows with missing values</source>
        <translation>Diese {0} Zeilen mit fehlenden Werten verwerfen</translation>
    </message>
    <message>
        <source>{0} row has missing values ({1}). Tick a box below to load without it{2}, or fill them in.</source>
        <translation>{0} Zeile hat fehlende Werte ({1}). Setzen Sie unten ein Häkchen, um ohne sie zu laden{2}, oder füllen Sie sie aus.</translation>
    </message>
    <message>
        <source>{0} rows have missing values ({1}). Tick a box below to load without them{2}, or fill them in.</source>
        <translation>{0} Zeilen haben fehlende Werte ({1}). Setzen Sie unten ein Häkchen, um ohne sie zu laden{2}, oder füllen Sie sie aus.</translation>
    </message>
    <message>
        <source>{0} row lacks its label ({1}): </source>
        <translation>{0} Zeile hat kein Label ({1}): </translation>
    </message>
    <message>
        <source>{0} rows lack their label ({1}): </source>
        <translation>{0} Zeilen haben kein Label ({1}): </translation>
    </message>
    <message>
        <source>a row without its class cannot be kept for EM. Fill it in, set the label column&apos;s role to ignore, or tick Drop (which drops every row with a missing value).</source>
        <translation>eine Zeile ohne ihre Klasse kann für EM nicht behalten werden. Füllen Sie es aus, setzen Sie die Rolle der Label-Spalte auf ignorieren, oder setzen Sie das Häkchen bei Verwerfen (das jede Zeile mit einem fehlenden Wert verwirft).</translation>
    </message>
    <message>
        <source>features become 1 where x ≥ {0:g}, else 0</source>
        <translation>Merkmale werden 1, wo x ≥ {0:g}, sonst 0</translation>
    </message>
    <message>
        <source>Choose each column&apos;s role in the first row: &lt;i&gt;feature&lt;/i&gt; (numbers used by the model), &lt;i&gt;categorical&lt;/i&gt; (answers, as text or codes: their levels under the name), &lt;i&gt;label&lt;/i&gt; (known classes, for naive Bayes and comparisons) or &lt;i&gt;ignore&lt;/i&gt;.</source>
        <translation>Wählen Sie in der ersten Zeile die Rolle jeder Spalte: &lt;i&gt;Merkmal&lt;/i&gt; (Zahlen, die das Modell verwendet), &lt;i&gt;kategorial&lt;/i&gt; (Antworten, als Text oder Codes: ihre Stufen unter dem Namen), &lt;i&gt;Label&lt;/i&gt; (bekannte Klassen, für Naive Bayes und Vergleiche) oder &lt;i&gt;ignorieren&lt;/i&gt;.</translation>
    </message>
    <message>
        <source>Binarise at threshold t (x ≥ t is 1, else 0: for Bernoulli)</source>
        <translation>Bei Schwelle t binarisieren (x ≥ t wird 1, sonst 0: für Bernoulli)</translation>
    </message>
    <message>
        <source> or keep them for EM</source>
        <translation> oder für EM behalten</translation>
    </message>
    <message>
        <source>Drop every row with missing values instead</source>
        <translation>Stattdessen jede Zeile mit fehlenden Werten verwerfen</translation>
    </message>
    <message>
        <source>{0}&lt;br&gt;&lt;small&gt;First: {1}&lt;/small&gt;</source>
        <translation>{0}&lt;br&gt;&lt;small&gt;Zuerst: {1}&lt;/small&gt;</translation>
    </message>
    <message>
        <source> (the role box at the top of the column; text answers can be categorical).</source>
        <translation> (das Rollenfeld oben in der Spalte; Textantworten können kategorial sein).</translation>
    </message>
    <message>
        <source>. Correct the file, or set that column&apos;s role to ignore (or label).</source>
        <translation>. Korrigieren Sie die Datei oder setzen Sie die Rolle dieser Spalte auf ignorieren (oder Label).</translation>
    </message>
    <message>
        <source>no cell</source>
        <translation>keine Zelle</translation>
    </message>
    <message>
        <source>Loading {0}…</source>
        <translation>Lade {0}…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Loading was cancelled; nothing was loaded.</source>
        <translation>Das Laden wurde abgebrochen; nichts wurde geladen.</translation>
    </message>
    <message>
        <source>{0} is left out as {1}: make it a feature to use it</source>
        <translation>{0} wird weggelassen als {1}: machen Sie sie zu einem Merkmal, um sie zu verwenden</translation>
    </message>
    <message>
        <source> (set Skip to 0 to read it)</source>
        <translation> (Überspringen auf 0 setzen, um sie zu lesen)</translation>
    </message>
    <message>
        <source>column {0} (no name)</source>
        <translation>Spalte {0} (ohne Namen)</translation>
    </message>
    <message>
        <source>&lt;br&gt;{0} holds text answers, left out: </source>
        <translation>&lt;br&gt;{0} enthält Textantworten, weggelassen: </translation>
    </message>
    <message>
        <source>&lt;br&gt;{0} hold text answers, left out: </source>
        <translation>&lt;br&gt;{0} enthalten Textantworten, weggelassen: </translation>
    </message>
    <message>
        <source>a mixture takes numbers or levels, not both. &lt;a href=&apos;{0}&apos;&gt;Cluster the answers instead&lt;/a&gt; (they become categorical features, the numeric ones are ignored).</source>
        <translation>eine Mischung nimmt Zahlen oder Stufen, nicht beides. &lt;a href=&apos;{0}&apos;&gt;Stattdessen die Antworten clustern&lt;/a&gt; (sie werden kategoriale Merkmale, die numerischen werden ignoriert).</translation>
    </message>
    <message>
        <source>component {0}: {1}</source>
        <translation>Komponente {0}: {1}</translation>
    </message>
    <message>
        <source>the weights</source>
        <translation>die Gewichte</translation>
    </message>
    <message>
        <source>component {0}&apos;s {1}</source>
        <translation>{1} der Komponente {0}</translation>
    </message>
    <message>
        <source>Could not normalise {0}: {1}.</source>
        <translation>{0} konnte nicht normiert werden: {1}.</translation>
    </message>
    <message>
        <source>… and {0} more (hover over a red cell for its reason)</source>
        <translation>… und {0} weitere (bewegen Sie die Maus über eine rote Zelle für ihren Grund)</translation>
    </message>
    <message>
        <source>true mean μ&lt;sub&gt;k&lt;/sub&gt;</source>
        <translation>wahrer Mittelwert μ&lt;sub&gt;k&lt;/sub&gt;</translation>
    </message>
    <message>
        <source>sample; colour and shape: true component k</source>
        <translation>Stichprobe; Farbe und Form: wahre Komponente k</translation>
    </message>
    <message>
        <source>sample, coloured by true component k</source>
        <translation>Stichprobe, nach wahrer Komponente k gefärbt</translation>
    </message>
    <message>
        <source>true {0} ellipses</source>
        <translation>wahre {0}-Ellipsen</translation>
    </message>
    <message>
        <source>drag it</source>
        <translation>ziehen</translation>
    </message>
    <message>
        <source>ink: white 0 to black 1</source>
        <translation>Tinte: weiß 0 bis schwarz 1</translation>
    </message>
    <message>
        <source>bars: chosen {0}</source>
        <translation>Balken: gewählte {0}</translation>
    </message>
    <message>
        <source>dots: frequencies in the sample</source>
        <translation>Punkte: Häufigkeiten in der Stichprobe</translation>
    </message>
    <message>
        <source>ink: white 0 to black at each map&apos;s largest value</source>
        <translation>Tinte: weiß 0 bis schwarz beim größten Wert jeder Karte</translation>
    </message>
    <message>
        <source>Fit on standardised features; the centre and scale of each column are kept, so the parameters can be read in the file&apos;s units</source>
        <translation>Auf standardisierten Merkmalen anpassen; Lage und Skala jeder Spalte werden behalten, sodass die Parameter in den Einheiten der Datei gelesen werden können</translation>
    </message>
    <message>
        <source>Text answers (categorical levels) have no centre or scale: they are used as they are</source>
        <translation>Textantworten (kategoriale Stufen) haben keine Lage und Skala: sie werden verwendet, wie sie sind</translation>
    </message>
    <message>
        <source>no (the file&apos;s units)</source>
        <translation>nein (die Einheiten der Datei)</translation>
    </message>
    <message>
        <source>Standardise features:</source>
        <translation>Merkmale standardisieren:</translation>
    </message>
    <message>
        <source>Edit start</source>
        <translation>Start bearbeiten</translation>
    </message>
    <message>
        <source>Type each covariance as its matrix (exact) or as standard deviations and correlations</source>
        <translation>Jede Kovarianz als ihre Matrix (exakt) oder als Standardabweichungen und Korrelationen eingeben</translation>
    </message>
    <message>
        <source>The covariance type of the run; the table must respect it</source>
        <translation>Der Kovarianztyp des Laufs; die Tabelle muss ihn einhalten</translation>
    </message>
    <message>
        <source>Covariance as</source>
        <translation>Kovarianz als</translation>
    </message>
    <message>
        <source>Covariance type</source>
        <translation>Kovarianztyp</translation>
    </message>
    <message>
        <source>Current start</source>
        <translation>Aktueller Start</translation>
    </message>
    <message>
        <source>The parameters this run started from</source>
        <translation>Die Parameter, mit denen dieser Lauf startete</translation>
    </message>
    <message>
        <source>Parameters shown</source>
        <translation>Angezeigte Parameter</translation>
    </message>
    <message>
        <source>The parameters at the history cursor (a fresh start from there)</source>
        <translation>Die Parameter am Verlaufscursor (ein frischer Start von dort)</translation>
    </message>
    <message>
        <source>Start from the truth</source>
        <translation>Von der Wahrheit starten</translation>
    </message>
    <message>
        <source>The true parameters the synthesised data were drawn from</source>
        <translation>Die wahren Parameter, aus denen die synthetischen Daten gezogen wurden</translation>
    </message>
    <message>
        <source>Starting parameters</source>
        <translation>Startparameter</translation>
    </message>
    <message>
        <source>Start EM here</source>
        <translation>EM hier starten</translation>
    </message>
    <message>
        <source>Starting parameters (one row per component; edit any cell):</source>
        <translation>Startparameter (eine Zeile pro Komponente; jede Zelle editierbar):</translation>
    </message>
    <message>
        <source>The start could not be used.</source>
        <translation>Der Start konnte nicht verwendet werden.</translation>
    </message>
    <message>
        <source>{0}, K = {1}, on {2}</source>
        <translation>{0}, K = {1}, auf {2}</translation>
    </message>
    <message>
        <source>… ({0} in all)</source>
        <translation>… (insgesamt {0})</translation>
    </message>
    <message>
        <source>Features: </source>
        <translation>Merkmale: </translation>
    </message>
    <message>
        <source>Preview of the synthesised data</source>
        <translation>Vorschau der synthetischen Daten</translation>
    </message>
    <message>
        <source>chosen probabilities</source>
        <translation>gewählte Wahrscheinlichkeiten</translation>
    </message>
    <message>
        <source>frequencies in the sample</source>
        <translation>Häufigkeiten in der Stichprobe</translation>
    </message>
    <message>
        <source>a sample of {0:,} rows (the data will have {1:,})</source>
        <translation>eine Stichprobe von {0:,} Zeilen (die Daten werden {1:,} haben)</translation>
    </message>
    <message>
        <source>the {0:,} rows</source>
        <translation>die {0:,} Zeilen</translation>
    </message>
    <message>
        <source>the first two features</source>
        <translation>die ersten zwei Merkmale</translation>
    </message>
    <message>
        <source>x1 against x2</source>
        <translation>x1 gegen x2</translation>
    </message>
    <message>
        <source>x1, one strip per component</source>
        <translation>x1, ein Streifen pro Komponente</translation>
    </message>
    <message>
        <source>Preview of {0}: {1}, coloured by true component. Drag a mean (large disc) to move it.</source>
        <translation>Vorschau von {0}: {1}, nach wahrer Komponente gefärbt. Ziehen Sie einen Mittelwert (große Scheibe), um ihn zu verschieben.</translation>
    </message>
    <message>
        <source>Preview of {0}. Top: each component&apos;s chosen {1} (black = 1); bottom: the average of its sampled rows.</source>
        <translation>Vorschau von {0}. Oben: die gewählten {1} jeder Komponente (schwarz = 1); unten: der Durchschnitt ihrer gezogenen Zeilen.</translation>
    </message>
    <message>
        <source>Preview of {0}. Darker = more probable; each image has its own scale.</source>
        <translation>Vorschau von {0}. Dunkler = wahrscheinlicher; jedes Bild hat seine eigene Skala.</translation>
    </message>
    <message>
        <source>Preview of {0}. Bars: each component&apos;s chosen {1}; dots: the frequencies in its sampled rows.</source>
        <translation>Vorschau von {0}. Balken: die gewählten {1} jeder Komponente; Punkte: die Häufigkeiten in ihren gezogenen Zeilen.</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:{0}&apos;&gt;Preview paused: {1}&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:{0}&apos;&gt;Vorschau angehalten: {1}&lt;/span&gt;</translation>
    </message>
    <message>
        <source>true component (strips)</source>
        <translation>wahre Komponente (Streifen)</translation>
    </message>
    <message>
        <source>The window</source>
        <translation>Das Fenster</translation>
    </message>
    <message>
        <source>The start page</source>
        <translation>Die Startseite</translation>
    </message>
    <message>
        <source>The presets</source>
        <translation>Die Vorlagen</translation>
    </message>
    <message>
        <source>The data view</source>
        <translation>Die Datenansicht</translation>
    </message>
    <message>
        <source>The responsibility map</source>
        <translation>Die Verantwortlichkeitskarte</translation>
    </message>
    <message>
        <source>The objective curve</source>
        <translation>Die Zielfunktionskurve</translation>
    </message>
    <message>
        <source>The bound view</source>
        <translation>Die Schrankenansicht</translation>
    </message>
    <message>
        <source>The restart gallery</source>
        <translation>Die Neustart-Galerie</translation>
    </message>
    <message>
        <source>The E-step board</source>
        <translation>Die E-step-Tafel</translation>
    </message>
    <message>
        <source>The controls</source>
        <translation>Die Steuerung</translation>
    </message>
    <message>
        <source>The parameters panel</source>
        <translation>Die Parameterleiste</translation>
    </message>
    <message>
        <source>The point inspector</source>
        <translation>Der Punktinspektor</translation>
    </message>
    <message>
        <source>The import preview</source>
        <translation>Die Importvorschau</translation>
    </message>
    <message>
        <source>Synthesise data</source>
        <translation>Daten synthetisieren</translation>
    </message>
    <message>
        <source>Exact starting parameters</source>
        <translation>Genaue Startparameter</translation>
    </message>
    <message>
        <source>Animations</source>
        <translation>Animationen</translation>
    </message>
    <message>
        <source>Figures</source>
        <translation>Abbildungen</translation>
    </message>
    <message>
        <source>How EM works</source>
        <translation>Wie EM funktioniert</translation>
    </message>
    <message>
        <source>The {0} preset</source>
        <translation>Die Vorlage {0}</translation>
    </message>
    <message>
        <source>Number of data rows to draw</source>
        <translation>Anzahl der zu ziehenden Datenzeilen</translation>
    </message>
    <message>
        <source>Number of true components (changing it draws new parameters)</source>
        <translation>Anzahl der wahren Komponenten (eine Änderung zieht neue Parameter)</translation>
    </message>
    <message>
        <source>Seed of the random sample (the parameters stay as they are)</source>
        <translation>Seed der Zufallsstichprobe (die Parameter bleiben, wie sie sind)</translation>
    </message>
    <message>
        <source>Words in each document</source>
        <translation>Wörter in jedem Dokument</translation>
    </message>
    <message>
        <source>Words per document</source>
        <translation>Wörter pro Dokument</translation>
    </message>
    <message>
        <source>Randomise</source>
        <translation>Zufällig wählen</translation>
    </message>
    <message>
        <source>New random parameters from a new seed</source>
        <translation>Neue zufällige Parameter aus einem neuen Seed</translation>
    </message>
    <message>
        <source>Family</source>
        <translation>Familie</translation>
    </message>
    <message>
        <source>Rows N</source>
        <translation>Zeilen N</translation>
    </message>
    <message>
        <source>Components K</source>
        <translation>Komponenten K</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Seed</translation>
    </message>
    <message>
        <source>True parameters</source>
        <translation>Wahre Parameter</translation>
    </message>
    <message>
        <source>True parameters (one row per component; edit any cell):</source>
        <translation>Wahre Parameter (eine Zeile pro Komponente; jede Zelle editierbar):</translation>
    </message>
    <message>
        <source>Synthesise and open</source>
        <translation>Synthetisieren und öffnen</translation>
    </message>
    <message>
        <source>The data could not be opened.</source>
        <translation>Die Daten konnten nicht geöffnet werden.</translation>
    </message>
    <message>
        <source>Number of {0} (changing it draws new parameters)</source>
        <translation>Anzahl der {0} (eine Änderung zieht neue Parameter)</translation>
    </message>
    <message>
        <source> and each component&apos;s {0}</source>
        <translation> und die {0} jeder Komponente</translation>
    </message>
    <message>
        <source>Scale the weights{0} to sum to 1</source>
        <translation>Die Gewichte{0} auf Summe 1 skalieren</translation>
    </message>
    <message>
        <source>fix the cells marked in red.</source>
        <translation>korrigieren Sie die rot markierten Zellen.</translation>
    </message>
    <message>
        <source>Drawing {0} frames…</source>
        <translation>Zeichne {0} Bilder…</translation>
    </message>
    <message>
        <source>Exporting the animation</source>
        <translation>Die Animation wird exportiert</translation>
    </message>
    <message>
        <source>Encoding the frames…</source>
        <translation>Die Bilder werden kodiert…</translation>
    </message>
    <message>
        <source>The frames could not be encoded.</source>
        <translation>Die Bilder konnten nicht kodiert werden.</translation>
    </message>
    <message>
        <source>1x (as on screen)</source>
        <translation>1x (wie auf dem Bildschirm)</translation>
    </message>
    <message>
        <source>2x (sharp on slides)</source>
        <translation>2x (scharf auf Folien)</translation>
    </message>
    <message>
        <source>Figure options</source>
        <translation>Abbildungsoptionen</translation>
    </message>
    <message>
        <source>Scale</source>
        <translation>Skalierung</translation>
    </message>
    <message>
        <source>Print width at a resolution</source>
        <translation>Druckbreite bei einer Auflösung</translation>
    </message>
    <message>
        <source>Presentation mode&apos;s fonts, line widths and point sizes</source>
        <translation>Schriften, Linienbreiten und Punktgrößen des Präsentationsmodus</translation>
    </message>
    <message>
        <source>A title above the figure</source>
        <translation>Ein Titel über der Abbildung</translation>
    </message>
    <message>
        <source>Left empty, the title is: {0}</source>
        <translation>Leer gelassen lautet der Titel: {0}</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Width</source>
        <translation>Breite</translation>
    </message>
    <message>
        <source>Print width</source>
        <translation>Druckbreite</translation>
    </message>
    <message>
        <source>Resolution</source>
        <translation>Auflösung</translation>
    </message>
    <message>
        <source>SVG and PDF are drawings: they stay sharp at any size.</source>
        <translation>SVG und PDF sind Zeichnungen: sie bleiben in jeder Größe scharf.</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Titel</translation>
    </message>
    <message>
        <source>The image will be {0} pixels wide.</source>
        <translation>Das Bild wird {0} Pixel breit.</translation>
    </message>
    <message>
        <source>No class labels in this data. Open a file with a label column (File → Open…) or a preset such as iris, penguins, digits or corpus to compare the clusters with the classes.</source>
        <translation>Keine Klassenlabels in diesen Daten. Öffnen Sie eine Datei mit einer Label-Spalte (Datei → Öffnen…) oder eine Vorlage wie iris, penguins, digits oder corpus, um die Cluster mit den Klassen zu vergleichen.</translation>
    </message>
    <message>
        <source>Clusters vs classes</source>
        <translation>Cluster gegen Klassen</translation>
    </message>
    <message>
        <source>at the start</source>
        <translation>am Start</translation>
    </message>
    <message>
        <source>after the E-step of iteration {0}</source>
        <translation>nach dem E-step der Iteration {0}</translation>
    </message>
    <message>
        <source>after the M-step of iteration {0}</source>
        <translation>nach dem M-step der Iteration {0}</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Adjusted Rand index {0:.3f}&lt;/b&gt; &amp;nbsp;·&amp;nbsp; &lt;b&gt;NMI {1:.3f}&lt;/b&gt; &amp;nbsp;·&amp;nbsp; {2} of {3} rows on matched pairs ({4:.1f} %)&lt;br&gt;&lt;span style=&apos;color:{5}&apos;&gt;{6}&lt;/span&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Bereinigter Rand-Index {0:.3f}&lt;/b&gt; &amp;nbsp;·&amp;nbsp; &lt;b&gt;NMI {1:.3f}&lt;/b&gt; &amp;nbsp;·&amp;nbsp; {2} von {3} Zeilen auf zugeordneten Paaren ({4:.1f} %)&lt;br&gt;&lt;span style=&apos;color:{5}&apos;&gt;{6}&lt;/span&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p style=&apos;color:{0}&apos;&gt;Components (rows) × classes (columns); highlighted: the class matched to each component&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;color:{0}&apos;&gt;Komponenten (Zeilen) × Klassen (Spalten); hervorgehoben: die jeder Komponente zugeordnete Klasse&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;tr style=&apos;color:{0}&apos;&gt;&lt;td style=&apos;{1}&apos;&gt;all&lt;/td&gt;{2}&lt;/tr&gt;</source>
        <translation>&lt;tr style=&apos;color:{0}&apos;&gt;&lt;td style=&apos;{1}&apos;&gt;alle&lt;/td&gt;{2}&lt;/tr&gt;</translation>
    </message>
    <message>
        <source>&lt;p style=&apos;color:{0}&apos;&gt;Each row counts for the component with its largest responsibility at this half-step. The adjusted Rand index and the normalised mutual information (NMI) need no matching: 1 = the classes exactly; ARI about 0 = no better than chance, NMI 0 = independent. {1}&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;color:{0}&apos;&gt;Jede Zeile zählt für die Komponente mit ihrer größten Verantwortlichkeit in diesem Halbschritt. Der bereinigte Rand-Index und die normalisierte Transinformation (NMI) brauchen keine Zuordnung: 1 = genau die Klassen; ARI etwa 0 = nicht besser als Zufall, NMI 0 = unabhängig. {1}&lt;/p&gt;</translation>
    </message>
    <message>
        <source>label fraction {0:g}</source>
        <translation>Label-Anteil {0:g}</translation>
    </message>
    <message>
        <source>{0} labelled by clicking</source>
        <translation>{0} per Klick gelabelt</translation>
    </message>
    <message>
        <source>Every row&apos;s label was given to EM{0}, so the comparison measures how well the fitted model reproduces the labels it was fitted to.</source>
        <translation>Das Label jeder Zeile wurde EM gegeben{0}, also misst der Vergleich, wie gut das angepasste Modell die Labels wiedergibt, an die es angepasst wurde.</translation>
    </message>
    <message>
        <source>The comparison includes the {0} labelled rows whose label EM was given{1}</source>
        <translation>Der Vergleich enthält die {0} gelabelten Zeilen, deren Label EM gegeben wurde{1}</translation>
    </message>
    <message>
        <source>{0}; on the other {1} rows alone the adjusted Rand index is {2:.3f}.</source>
        <translation>{0}; auf den übrigen {1} Zeilen allein ist der bereinigte Rand-Index {2:.3f}.</translation>
    </message>
    <message>
        <source>spread</source>
        <translation>Spanne</translation>
    </message>
    <message>
        <source>reached</source>
        <translation>erreicht</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>gescheitert</translation>
    </message>
    <message>
        <source>flags</source>
        <translation>Hinweise</translation>
    </message>
    <message>
        <source>Number of components</source>
        <translation>Anzahl der Komponenten</translation>
    </message>
    <message>
        <source>Lowest BIC over the restarts</source>
        <translation>Niedrigster BIC über die Neustarts</translation>
    </message>
    <message>
        <source>Lowest AIC over the restarts</source>
        <translation>Niedrigster AIC über die Neustarts</translation>
    </message>
    <message>
        <source>Lowest ICL over the restarts</source>
        <translation>Niedrigster ICL über die Neustarts</translation>
    </message>
    <message>
        <source>Highest final objective over the restarts</source>
        <translation>Höchste End-Zielfunktion über die Neustarts</translation>
    </message>
    <message>
        <source>Highest minus lowest final objective over the restarts: how much the start matters</source>
        <translation>Höchste minus niedrigste End-Zielfunktion über die Neustarts: wie sehr der Start zählt</translation>
    </message>
    <message>
        <source>Restarts that ended on this K&apos;s best fit: one alone says more restarts may find a better one</source>
        <translation>Neustarts, die bei der besten Anpassung dieses K endeten: einer allein heißt, dass mehr Neustarts eine bessere finden könnten</translation>
    </message>
    <message>
        <source>Restarts that failed (e.g. a covariance collapsed)</source>
        <translation>Gescheiterte Neustarts (z. B. eine kollabierte Kovarianz)</translation>
    </message>
    <message>
        <source>Degenerate fits (a component with too few rows, or a covariance at the prior&apos;s floor: never chosen; NA when every restart is) and fits that stopped at the iteration cap; hover for the reasons</source>
        <translation>Entartete Anpassungen (eine Komponente mit zu wenigen Zeilen oder eine Kovarianz am Boden des Priors: nie gewählt; NA, wenn jeder Neustart es ist) und Anpassungen, die an der Iterationsgrenze anhielten; Maus darüber für die Gründe</translation>
    </message>
    <message>
        <source> Read from an older session: which fits are degenerate or unconverged is not known; every fit counts.</source>
        <translation> Aus einer älteren Sitzung gelesen: welche Anpassungen entartet oder nicht konvergiert sind, ist nicht bekannt; jede Anpassung zählt.</translation>
    </message>
    <message>
        <source> Degenerate fits (hollow, flagged) are never chosen.</source>
        <translation> Entartete Anpassungen (hohl, markiert) werden nie gewählt.</translation>
    </message>
    <message>
        <source>The range of K to fit: 1 to 50 here (a single run allows up to 100 components)</source>
        <translation>Der Bereich der anzupassenden K: hier 1 bis 50 (ein einzelner Lauf erlaubt bis zu 100 Komponenten)</translation>
    </message>
    <message>
        <source>Starts per K, 1 to 50; the seeds are drawn from the session&apos;s seed</source>
        <translation>Starts pro K, 1 bis 50; die Seeds werden aus dem Seed der Sitzung gezogen</translation>
    </message>
    <message>
        <source>Lower is better. BIC and ICL penalise parameters more than AIC; ICL also penalises overlapping components.</source>
        <translation>Niedriger ist besser. BIC und ICL bestrafen Parameter stärker als AIC; ICL bestraft auch überlappende Komponenten.</translation>
    </message>
    <message>
        <source>K up to</source>
        <translation>K bis</translation>
    </message>
    <message>
        <source>K from</source>
        <translation>K von</translation>
    </message>
    <message>
        <source>Restarts per K</source>
        <translation>Neustarts pro K</translation>
    </message>
    <message>
        <source>Criterion</source>
        <translation>Kriterium</translation>
    </message>
    <message>
        <source>Compare covariance types</source>
        <translation>Kovarianztypen vergleichen</translation>
    </message>
    <message>
        <source>Choose the model, not only K: fit every K with each covariance type (full, tied, diag, spherical) and plot BIC and ICL per type (as mclust&apos;s BIC plot); click any point to load that fit</source>
        <translation>Das Modell wählen, nicht nur K: jedes K mit jedem Kovarianztyp anpassen (full, tied, diag, spherical) und BIC und ICL pro Typ zeichnen (wie der BIC-Plot von mclust); einen Punkt anklicken, um diese Anpassung zu laden</translation>
    </message>
    <message>
        <source>Fit every K</source>
        <translation>Jedes K anpassen</translation>
    </message>
    <message>
        <source>Fits unsupervised soft EM for each K with the current family, covariance type, prior, start method and tolerance, in the background</source>
        <translation>Passt unüberwachtes weiches EM für jedes K mit der aktuellen Familie, dem Kovarianztyp, Prior, der Startmethode und Toleranz im Hintergrund an</translation>
    </message>
    <message>
        <source>Fit the current model for each K to compare the criteria.</source>
        <translation>Passen Sie das aktuelle Modell für jedes K an, um die Kriterien zu vergleichen.</translation>
    </message>
    <message>
        <source>number of components K</source>
        <translation>Anzahl der Komponenten K</translation>
    </message>
    <message>
        <source>true K</source>
        <translation>wahres K</translation>
    </message>
    <message>
        <source>Click a row to load that K&apos;s best fit into the workspace</source>
        <translation>Eine Zeile anklicken, um die beste Anpassung dieses K in den Arbeitsbereich zu laden</translation>
    </message>
    <message>
        <source>Fits for each K</source>
        <translation>Anpassungen für jedes K</translation>
    </message>
    <message>
        <source>Fitting K = {0}…{1}, {2} restart(s) each…</source>
        <translation>Passe K = {0}…{1} an, je {2} Neustart(s)…</translation>
    </message>
    <message>
        <source>Cancelled: {0} of {1} fits were done.</source>
        <translation>Abgebrochen: {0} von {1} Anpassungen waren fertig.</translation>
    </message>
    <message>
        <source>The data changed: fit again to compare K.</source>
        <translation>Die Daten haben sich geändert: passen Sie erneut an, um K zu vergleichen.</translation>
    </message>
    <message>
        <source>true K = {0}</source>
        <translation>wahres K = {0}</translation>
    </message>
    <message>
        <source>No fit finished; see the messages above.</source>
        <translation>Keine Anpassung fertig; siehe die Meldungen oben.</translation>
    </message>
    <message>
        <source>&lt;b&gt;{0} prefers K = {1}&lt;/b&gt;</source>
        <translation>&lt;b&gt;{0} bevorzugt K = {1}&lt;/b&gt;</translation>
    </message>
    <message>
        <source> among the K values finished before Cancel ({0})</source>
        <translation> unter den vor dem Abbruch fertigen K-Werten ({0})</translation>
    </message>
    <message>
        <source> (the data was drawn from K = {0})</source>
        <translation> (die Daten wurden mit K = {0} gezogen)</translation>
    </message>
    <message>
        <source>, the largest K tried: larger K may be better still</source>
        <translation>, das größte versuchte K: ein größeres K könnte noch besser sein</translation>
    </message>
    <message>
        <source>. Click a K on the plot or a row below to load its best fit.&lt;br&gt;{0}</source>
        <translation>. Klicken Sie ein K im Plot oder eine Zeile unten an, um seine beste Anpassung zu laden.&lt;br&gt;{0}</translation>
    </message>
    <message>
        <source>&lt;b&gt;{0} prefers K = {1} with {2} covariance&lt;/b&gt;</source>
        <translation>&lt;b&gt;{0} bevorzugt K = {1} mit Kovarianz {2}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>. Click any point on the plot or a row below to load that fit.&lt;br&gt;{0}</source>
        <translation>. Klicken Sie einen Punkt im Plot oder eine Zeile unten an, um diese Anpassung zu laden.&lt;br&gt;{0}</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:{0}&apos;&gt;&amp;#9473;&amp;#9473;&lt;/span&gt; &lt;b&gt;{1}&lt;/b&gt; (dots: every restart)</source>
        <translation>&lt;span style=&apos;color:{0}&apos;&gt;&amp;#9473;&amp;#9473;&lt;/span&gt; &lt;b&gt;{1}&lt;/b&gt; (Punkte: jeder Neustart)</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:{0}&apos;&gt;&amp;#9711;&lt;/span&gt; lowest</source>
        <translation>&lt;span style=&apos;color:{0}&apos;&gt;&amp;#9711;&lt;/span&gt; niedrigster</translation>
    </message>
    <message>
        <source>Lower is better: </source>
        <translation>Niedriger ist besser: </translation>
    </message>
    <message>
        <source>No fit with K = {0} and {1} covariance finished; there is nothing to load.</source>
        <translation>Keine Anpassung mit K = {0} und Kovarianz {1} ist fertig; es gibt nichts zu laden.</translation>
    </message>
    <message>
        <source>No fit with K = {0} finished; there is nothing to load for it.</source>
        <translation>Keine Anpassung mit K = {0} ist fertig; es gibt nichts dafür zu laden.</translation>
    </message>
    <message>
        <source>Making {0} again from its seed…</source>
        <translation>{0} wird aus seinem Seed neu erstellt…</translation>
    </message>
    <message>
        <source>k-means++</source>
        <translation>k-means++</translation>
    </message>
    <message>
        <source>k-means (Lloyd from k-means++)</source>
        <translation>k-means (Lloyd ab k-means++)</translation>
    </message>
    <message>
        <source>random responsibilities</source>
        <translation>zufällige Verantwortlichkeiten</translation>
    </message>
    <message>
        <source>random data points</source>
        <translation>zufällige Datenpunkte</translation>
    </message>
    <message>
        <source>The number of components K: at most {0} (each is drawn, coloured and stepped through)</source>
        <translation>Die Anzahl der Komponenten K: höchstens {0} (jede wird gezeichnet, eingefärbt und schrittweise berechnet)</translation>
    </message>
    <message>
        <source>Hard EM (assign each point to one component)</source>
        <translation>Hartes EM (jeden Punkt einer Komponente zuordnen)</translation>
    </message>
    <message>
        <source>The seed of the start (k-means++ and random starts)</source>
        <translation>Der Seed des Starts (k-means++ und zufällige Starts)</translation>
    </message>
    <message>
        <source>Dirichlet pseudo-counts added to every component&apos;s weight</source>
        <translation>Dirichlet-Pseudo-Counts, die zum Gewicht jeder Komponente addiert werden</translation>
    </message>
    <message>
        <source>Pseudo-counts added to Bernoulli / word probabilities</source>
        <translation>Pseudo-Counts, die zu Bernoulli- bzw. Wortwahrscheinlichkeiten addiert werden</translation>
    </message>
    <message>
        <source>Pseudo-scatter added to each covariance: (S + λI) / N_k</source>
        <translation>Pseudo-Streuung, die zu jeder Kovarianz addiert wird: (S + λI) / N_k</translation>
    </message>
    <message>
        <source>Prior (pseudo-counts)</source>
        <translation>Prior (Pseudo-Counts)</translation>
    </message>
    <message>
        <source>Weights α</source>
        <translation>Gewichte α</translation>
    </message>
    <message>
        <source>Probabilities β</source>
        <translation>Wahrscheinlichkeiten β</translation>
    </message>
    <message>
        <source>Covariance λ</source>
        <translation>Kovarianz λ</translation>
    </message>
    <message>
        <source>Re-initialise</source>
        <translation>Neu initialisieren</translation>
    </message>
    <message>
        <source>A new start with this method and seed</source>
        <translation>Ein neuer Start mit dieser Methode und diesem Seed</translation>
    </message>
    <message>
        <source>New seed</source>
        <translation>Neuer Seed</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Start</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>Methode</translation>
    </message>
    <message>
        <source>Started from given parameters (the preset&apos;s own start or an edited one); Re-initialise starts from the method and seed.</source>
        <translation>Von gegebenen Parametern gestartet (dem eigenen Start der Vorlage oder einem bearbeiteten); Neu initialisieren startet aus Methode und Seed.</translation>
    </message>
    <message>
        <source>Edit start…</source>
        <translation>Start bearbeiten…</translation>
    </message>
    <message>
        <source>Type the starting parameters exactly, or start from the truth</source>
        <translation>Die Startparameter genau eingeben oder von der Wahrheit starten</translation>
    </message>
    <message>
        <source>E-step</source>
        <translation>E-step</translation>
    </message>
    <message>
        <source>M-step</source>
        <translation>M-step</translation>
    </message>
    <message>
        <source>Iteration</source>
        <translation>Iteration</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Abspielen</translation>
    </message>
    <message>
        <source>Run to convergence</source>
        <translation>Bis zur Konvergenz</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Zurücksetzen</translation>
    </message>
    <message>
        <source>Play speed</source>
        <translation>Abspielgeschwindigkeit</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Ausführen</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>Tempo</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>{0:g} /s</source>
        <translation>{0:g} /s</translation>
    </message>
    <message>
        <source>A run to convergence stops when a full iteration raises the objective by less than this (0: never, only the iteration cap stops it). The arrows multiply or divide it by 10.</source>
        <translation>Ein Lauf bis zur Konvergenz hält an, wenn eine ganze Iteration die Zielfunktion um weniger als diesen Wert erhöht (0: nie, nur die Iterationsgrenze hält ihn an). Die Pfeile multiplizieren oder teilen ihn durch 10.</translation>
    </message>
    <message>
        <source>The exact rule a lecture needs: a run has converged when an iteration raises the total objective by less than the tolerance</source>
        <translation>Die genaue Regel, die eine Vorlesung braucht: ein Lauf ist konvergiert, wenn eine Iteration die gesamte Zielfunktion um weniger als die Toleranz erhöht</translation>
    </message>
    <message>
        <source>scikit-learn&apos;s rule, for data files: a run has converged when an iteration raises the objective by less than the tolerance per data row</source>
        <translation>Die Regel von scikit-learn, für Datendateien: ein Lauf ist konvergiert, wenn eine Iteration die Zielfunktion um weniger als die Toleranz pro Datenzeile erhöht</translation>
    </message>
    <message>
        <source>A run has converged when an iteration raises the objective by less than the tolerance times its size</source>
        <translation>Ein Lauf ist konvergiert, wenn eine Iteration die Zielfunktion um weniger als die Toleranz mal ihre Größe erhöht</translation>
    </message>
    <message>
        <source>A run does exactly the cap&apos;s iterations, as a lecture&apos;s loop does: the tolerance is not used</source>
        <translation>Ein Lauf macht genau die Iterationen der Grenze, wie die Schleife einer Vorlesung: die Toleranz wird nicht verwendet</translation>
    </message>
    <message>
        <source>A run to convergence stops after at most this many iterations</source>
        <translation>Ein Lauf bis zur Konvergenz hält nach höchstens so vielen Iterationen an</translation>
    </message>
    <message>
        <source>Tolerance</source>
        <translation>Toleranz</translation>
    </message>
    <message>
        <source>Iteration cap</source>
        <translation>Iterationsgrenze</translation>
    </message>
    <message>
        <source>Exactly this many iterations</source>
        <translation>Genau so viele Iterationen</translation>
    </message>
    <message>
        <source>Run to convergence does exactly the cap&apos;s iterations, as a lecture&apos;s loop does</source>
        <translation>Bis zur Konvergenz macht genau die Iterationen der Grenze, wie die Schleife einer Vorlesung</translation>
    </message>
    <message>
        <source>Click a point in the data view to see its responsibilities r_nk here.</source>
        <translation>Klicken Sie einen Punkt in der Datenansicht an, um hier seine Verantwortlichkeiten r_nk zu sehen.</translation>
    </message>
    <message>
        <source>after E-step {i}</source>
        <translation>nach E-step {i}</translation>
    </message>
    <message>
        <source>used by M-step {i}</source>
        <translation>vom M-step {i} verwendet</translation>
    </message>
    <message>
        <source>Press E: the E-step computes the responsibilities r&lt;sub&gt;nk&lt;/sub&gt;, and they are written here.</source>
        <translation>Drücken Sie E: der E-step berechnet die Verantwortlichkeiten r&lt;sub&gt;nk&lt;/sub&gt;, und sie werden hier angeschrieben.</translation>
    </message>
    <message>
        <source>E-step board</source>
        <translation>E-step-Tafel</translation>
    </message>
    <message>
        <source>The start</source>
        <translation>Der Start</translation>
    </message>
    <message>
        <source> of {0},&lt;br&gt;</source>
        <translation> von {0},&lt;br&gt;</translation>
    </message>
    <message>
        <source>Click a point in the data view (or a row of the responsibility map) to see how the E-step computes its responsibilities; click anywhere else (or hold Shift and move the mouse), or type a point under Probe, to see P(C | x) there. Step to an M half-step to see how it computes each parameter.</source>
        <translation>Klicken Sie einen Punkt in der Datenansicht an (oder eine Zeile der Verantwortlichkeitskarte), um zu sehen, wie der E-step seine Verantwortlichkeiten berechnet; klicken Sie irgendwo sonst (oder halten Sie Umschalt und bewegen Sie die Maus) oder geben Sie unter Prüfpunkt einen Punkt ein, um dort P(C | x) zu sehen. Gehen Sie zu einem M-Halbschritt, um zu sehen, wie er jeden Parameter berechnet.</translation>
    </message>
    <message>
        <source>{0} missing</source>
        <translation>{0} fehlt</translation>
    </message>
    <message>
        <source>{0} = {1}</source>
        <translation>{0} = {1}</translation>
    </message>
    <message>
        <source>{0} of {1} binary features are 1</source>
        <translation>{0} von {1} binären Merkmalen sind 1</translation>
    </message>
    <message>
        <source>{0} counts over {1} features: {2}{3}</source>
        <translation>{0} Zählungen über {1} Merkmale: {2}{3}</translation>
    </message>
    <message>
        <source>Point inspector</source>
        <translation>Punktinspektor</translation>
    </message>
    <message>
        <source>Probe x: e.g. 3 or 1, 0, 1, then Enter</source>
        <translation>Prüfpunkt x: z. B. 3 oder 1, 0, 1, dann Enter</translation>
    </message>
    <message>
        <source>Probe x</source>
        <translation>Prüfpunkt x</translation>
    </message>
    <message>
        <source>A point anywhere in the data space, one value per feature; Enter shows P(C | x)</source>
        <translation>Ein Punkt irgendwo im Datenraum, ein Wert pro Merkmal; Enter zeigt P(C | x)</translation>
    </message>
    <message>
        <source>The parameter whose M-step the inspector writes out</source>
        <translation>Der Parameter, dessen M-step der Inspektor vorrechnet</translation>
    </message>
    <message>
        <source>Worked M-step of</source>
        <translation>Vorgerechneter M-step von</translation>
    </message>
    <message>
        <source>The feature</source>
        <translation>Das Merkmal</translation>
    </message>
    <message>
        <source>The second feature</source>
        <translation>Das zweite Merkmal</translation>
    </message>
    <message>
        <source>{0} of the parameter whose M-step is written out: choose it, or type its number or name</source>
        <translation>{0} des Parameters, dessen M-step vorgerechnet wird: auswählen oder seine Nummer oder seinen Namen eingeben</translation>
    </message>
    <message>
        <source>M-step of {0}</source>
        <translation>M-step von {0}</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Probe&lt;/b&gt; (not a data point): {0} &amp;nbsp;&lt;a href=&apos;{1}&apos;&gt;clear&lt;/a&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Prüfpunkt&lt;/b&gt; (kein Datenpunkt): {0} &amp;nbsp;&lt;a href=&apos;{1}&apos;&gt;entfernen&lt;/a&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;i&gt;P(C | x) cannot be worked out here: {0}&lt;/i&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;i&gt;P(C | x) kann hier nicht berechnet werden: {0}&lt;/i&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p style=&apos;color:{0}&apos;&gt;The directions not shown are integrated out: the densities are the mixture&apos;s marginals in this view (the shading).&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;color:{0}&apos;&gt;Die nicht gezeigten Richtungen sind ausintegriert: die Dichten sind die Randverteilungen der Mischung in dieser Ansicht (die Schattierung).&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;r&lt;sub&gt;k&lt;/sub&gt; = π&lt;sub&gt;k&lt;/sub&gt; p(x | k) / p(x); log p(x) = {0:.6g}.&lt;/p&gt;</source>
        <translation>&lt;p&gt;r&lt;sub&gt;k&lt;/sub&gt; = π&lt;sub&gt;k&lt;/sub&gt; p(x | k) / p(x); log p(x) = {0:.6g}.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p style=&apos;color:{0}&apos;&gt;π&lt;sub&gt;k&lt;/sub&gt; = 0 for {1} (weight 0: the component holds no responsibility), so π&lt;sub&gt;k&lt;/sub&gt; p(x | k) = 0 and r&lt;sub&gt;k&lt;/sub&gt; = 0 whatever p(x | k) is.&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;color:{0}&apos;&gt;π&lt;sub&gt;k&lt;/sub&gt; = 0 für {1} (Gewicht 0: die Komponente trägt keine Verantwortlichkeit), also π&lt;sub&gt;k&lt;/sub&gt; p(x | k) = 0 und r&lt;sub&gt;k&lt;/sub&gt; = 0, was immer p(x | k) ist.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p style=&apos;color:{0}&apos;&gt;p(x | k) = 0 for {1}: x is impossible under the component (log-density −∞: a probability of exactly 0 for what x holds, or a point too far away for its density to be a number above 0).&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;color:{0}&apos;&gt;p(x | k) = 0 für {1}: x ist unter der Komponente unmöglich (Log-Dichte −∞: eine Wahrscheinlichkeit von genau 0 für das, was x enthält, oder ein Punkt, der zu weit weg ist, als dass seine Dichte eine Zahl über 0 wäre).&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p style=&apos;color:{0}&apos;&gt;p(x) = 0: x is impossible under every component, so r&lt;sub&gt;k&lt;/sub&gt; = π&lt;sub&gt;k&lt;/sub&gt; p(x | k) / p(x) is undefined (0 / 0).&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;color:{0}&apos;&gt;p(x) = 0: x ist unter jeder Komponente unmöglich, also ist r&lt;sub&gt;k&lt;/sub&gt; = π&lt;sub&gt;k&lt;/sub&gt; p(x | k) / p(x) undefiniert (0 / 0).&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;p(x | k) feature by feature&lt;/b&gt; (naive Bayes: the features are independent given k)&lt;/p&gt;&lt;table cellspacing=&apos;0&apos; cellpadding=&apos;2&apos;&gt;&lt;tr&gt;&lt;th align=&apos;left&apos;&gt;feature&lt;/th&gt;&lt;th&gt;x&lt;/th&gt;&lt;th&gt;&lt;/th&gt;{0}&lt;/tr&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;p(x | k) Merkmal für Merkmal&lt;/b&gt; (Naive Bayes: die Merkmale sind gegeben k unabhängig)&lt;/p&gt;&lt;table cellspacing=&apos;0&apos; cellpadding=&apos;2&apos;&gt;&lt;tr&gt;&lt;th align=&apos;left&apos;&gt;Merkmal&lt;/th&gt;&lt;th&gt;x&lt;/th&gt;&lt;th&gt;&lt;/th&gt;{0}&lt;/tr&gt;</translation>
    </message>
    <message>
        <source>&lt;tr&gt;&lt;td colspan=&apos;3&apos;&gt;&lt;i&gt;× the other {0} features&lt;/i&gt;&lt;/td&gt;{1}&lt;/tr&gt;</source>
        <translation>&lt;tr&gt;&lt;td colspan=&apos;3&apos;&gt;&lt;i&gt;× die übrigen {0} Merkmale&lt;/i&gt;&lt;/td&gt;{1}&lt;/tr&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;r&lt;sub&gt;k&lt;/sub&gt; = π&lt;sub&gt;k&lt;/sub&gt; {0} / Σ&lt;sub&gt;k&lt;/sub&gt; π&lt;sub&gt;k&lt;/sub&gt; {0}. p(x | k) = {1} × {0}: the factor {2} cancels; log p(x) = {3:.6g}.&lt;/p&gt;</source>
        <translation>&lt;p&gt;r&lt;sub&gt;k&lt;/sub&gt; = π&lt;sub&gt;k&lt;/sub&gt; {0} / Σ&lt;sub&gt;k&lt;/sub&gt; π&lt;sub&gt;k&lt;/sub&gt; {0}. p(x | k) = {1} × {0}: der Faktor {2} kürzt sich; log p(x) = {3:.6g}.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p style=&apos;color:{0}&apos;&gt;1 feature with count 0 contributes a factor 1 and is not listed.&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;color:{0}&apos;&gt;1 Merkmal mit Anzahl 0 trägt einen Faktor 1 bei und ist nicht aufgeführt.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p style=&apos;color:{0}&apos;&gt;{1} features with count 0 contribute a factor 1 and are not listed.&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;color:{0}&apos;&gt;{1} Merkmale mit Anzahl 0 tragen einen Faktor 1 bei und sind nicht aufgeführt.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;As a linear score&lt;/b&gt;: log(π&lt;sub&gt;1&lt;/sub&gt;/π&lt;sub&gt;2&lt;/sub&gt;) + Σ&lt;sub&gt;m&lt;/sub&gt; log(f&lt;sub&gt;1m&lt;/sub&gt;/f&lt;sub&gt;2m&lt;/sub&gt;) (for counts n(w) log(θ&lt;sub&gt;1w&lt;/sub&gt;/θ&lt;sub&gt;2w&lt;/sub&gt;)) = {0:.4g}{1} = &lt;b&gt;{2:.4g}&lt;/b&gt;; r&lt;sub&gt;1&lt;/sub&gt; = 1 / (1 + e&lt;sup&gt;−score&lt;/sup&gt;) = &lt;b&gt;{3:.4g}&lt;/b&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Als linearer Score&lt;/b&gt;: log(π&lt;sub&gt;1&lt;/sub&gt;/π&lt;sub&gt;2&lt;/sub&gt;) + Σ&lt;sub&gt;m&lt;/sub&gt; log(f&lt;sub&gt;1m&lt;/sub&gt;/f&lt;sub&gt;2m&lt;/sub&gt;) (für Anzahlen n(w) log(θ&lt;sub&gt;1w&lt;/sub&gt;/θ&lt;sub&gt;2w&lt;/sub&gt;)) = {0:.4g}{1} = &lt;b&gt;{2:.4g}&lt;/b&gt;; r&lt;sub&gt;1&lt;/sub&gt; = 1 / (1 + e&lt;sup&gt;−Score&lt;/sup&gt;) = &lt;b&gt;{3:.4g}&lt;/b&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Known class: {0}&lt;/p&gt;</source>
        <translation>&lt;p&gt;Bekannte Klasse: {0}&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p style=&apos;color:{0}&apos;&gt;The responsibilities from the E-step of iteration {1}, which the M-step shown used.&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;color:{0}&apos;&gt;Die Verantwortlichkeiten aus dem E-step der Iteration {1}, die der gezeigte M-step verwendet hat.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;i&gt;This point is labelled ({0}): its r column is fixed to its label (one-hot) instead of being computed from π&lt;sub&gt;k&lt;/sub&gt; p(x | k).&lt;/i&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;i&gt;Dieser Punkt ist gelabelt ({0}): seine r-Spalte ist auf sein Label festgelegt (One-Hot), statt aus π&lt;sub&gt;k&lt;/sub&gt; p(x | k) berechnet zu werden.&lt;/i&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>no feature (p(x | k) = 1: r is the weights)</source>
        <translation>kein Merkmal (p(x | k) = 1: r sind die Gewichte)</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Missing:&lt;/b&gt; {0}. The E-step used {1}: p(x | k) is the density of the observed features alone.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Fehlend:&lt;/b&gt; {0}. Der E-step verwendete {1}: p(x | k) ist die Dichte der beobachteten Merkmale allein.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;th align=&apos;right&apos;&gt;most probable {0} | observed, k&lt;/th&gt;</source>
        <translation>&lt;th align=&apos;right&apos;&gt;wahrscheinlichstes {0} | beobachtet, k&lt;/th&gt;</translation>
    </message>
    <message>
        <source>most probable under Σ&lt;sub&gt;k&lt;/sub&gt; r&lt;sub&gt;k&lt;/sub&gt; p(· | k)</source>
        <translation>am wahrscheinlichsten unter Σ&lt;sub&gt;k&lt;/sub&gt; r&lt;sub&gt;k&lt;/sub&gt; p(· | k)</translation>
    </message>
    <message>
        <source>&lt;th align=&apos;right&apos;&gt;E[{0} | observed, k]&lt;/th&gt;</source>
        <translation>&lt;th align=&apos;right&apos;&gt;E[{0} | beobachtet, k]&lt;/th&gt;</translation>
    </message>
    <message>
        <source>Σ&lt;sub&gt;k&lt;/sub&gt; r&lt;sub&gt;k&lt;/sub&gt; E[·]</source>
        <translation>Σ&lt;sub&gt;k&lt;/sub&gt; r&lt;sub&gt;k&lt;/sub&gt; E[·]</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;This M-step&lt;/b&gt; (iteration {0}) used each missing cell&apos;s expected value given the row&apos;s observed cells (and, for a covariance, the conditional covariance): this parameter is not a plain weighted sum of the rows, so it is not written out here.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Dieser M-step&lt;/b&gt; (Iteration {0}) verwendete den Erwartungswert jeder fehlenden Zelle gegeben die beobachteten Zellen der Zeile (und, für eine Kovarianz, die bedingte Kovarianz): dieser Parameter ist keine einfache gewichtete Summe der Zeilen und wird hier daher nicht vorgerechnet.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;This M-step&lt;/b&gt; (iteration {0}): {1} = (Σ&lt;sub&gt;n&lt;/sub&gt; {2}{3}) / ({4})</source>
        <translation>&lt;p&gt;&lt;b&gt;Dieser M-step&lt;/b&gt; (Iteration {0}): {1} = (Σ&lt;sub&gt;n&lt;/sub&gt; {2}{3}) / ({4})</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;i&gt;Component {0} received no responsibility ({1}): there is nothing to average, so it kept its previous value {2:.6g}.&lt;/i&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;i&gt;Komponente {0} erhielt keine Verantwortlichkeit ({1}): es gibt nichts zu mitteln, also behielt sie ihren vorigen Wert {2:.6g}.&lt;/i&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>every data point</source>
        <translation>jeder Datenpunkt</translation>
    </message>
    <message>
        <source>the {0} largest terms</source>
        <translation>die {0} größten Terme</translation>
    </message>
    <message>
        <source>line</source>
        <translation>Zeile</translation>
    </message>
    <message>
        <source>row</source>
        <translation>Reihe</translation>
    </message>
    <message>
        <source>&lt;tr&gt;&lt;td colspan=&apos;{0}&apos;&gt;&lt;i&gt;the other {1} points&lt;/i&gt;&lt;/td&gt;&lt;td align=&apos;right&apos;&gt;{2:.6g}&lt;/td&gt;&lt;/tr&gt;</source>
        <translation>&lt;tr&gt;&lt;td colspan=&apos;{0}&apos;&gt;&lt;i&gt;die übrigen {1} Punkte&lt;/i&gt;&lt;/td&gt;&lt;td align=&apos;right&apos;&gt;{2:.6g}&lt;/td&gt;&lt;/tr&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;i&gt;A row missing this feature enters with its expected value given the row&apos;s observed cells under component {0} as it was before this M-step.&lt;/i&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;i&gt;Eine Zeile, der dieses Merkmal fehlt, geht mit seinem Erwartungswert gegeben die beobachteten Zellen der Zeile unter Komponente {0} ein, wie sie vor diesem M-step war.&lt;/i&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;i&gt;Component {0} received no responsibility: it kept its previous value {1:.6g}.&lt;/i&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;i&gt;Komponente {0} erhielt keine Verantwortlichkeit: sie behielt ihren vorigen Wert {1:.6g}.&lt;/i&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>The data changed while the {0} ran; run them again.</source>
        <translation>Die Daten haben sich geändert, während die {0} liefen; führen Sie sie erneut aus.</translation>
    </message>
    <message>
        <source>The data changed while {0} was made again; nothing was loaded.</source>
        <translation>Die Daten haben sich geändert, während {0} neu erstellt wurde; nichts wurde geladen.</translation>
    </message>
    <message>
        <source>Cancelled: {0} was not loaded; the workspace is as it was.</source>
        <translation>Abgebrochen: {0} wurde nicht geladen; der Arbeitsbereich ist unverändert.</translation>
    </message>
    <message>
        <source>Cancelling after the fit in progress…</source>
        <translation>Breche nach der laufenden Anpassung ab…</translation>
    </message>
    <message>
        <source>k-means limit (spherical Gaussians)</source>
        <translation>k-means-Grenzfall (sphärische Gaußverteilungen)</translation>
    </message>
    <message>
        <source>Fix one shared variance σ²</source>
        <translation>Eine gemeinsame Varianz σ² festhalten</translation>
    </message>
    <message>
        <source>The M-step keeps σ² and updates weights and means; as σ² shrinks, responsibilities become 0/1 and EM turns into k-means</source>
        <translation>Der M-step behält σ² und aktualisiert Gewichte und Mittelwerte; wenn σ² schrumpft, werden die Verantwortlichkeiten 0/1 und EM wird zu k-means</translation>
    </message>
    <message>
        <source>σ² (log scale)</source>
        <translation>σ² (logarithmische Skala)</translation>
    </message>
    <message>
        <source>Choose a Gaussian mixture with spherical covariance to fix σ²</source>
        <translation>Wählen Sie eine Gauß-Mischung mit sphärischer Kovarianz, um σ² festzuhalten</translation>
    </message>
    <message>
        <source>Choose a Gaussian mixture with spherical covariance to fix σ².</source>
        <translation>Wählen Sie eine Gauß-Mischung mit sphärischer Kovarianz, um σ² festzuhalten.</translation>
    </message>
    <message>
        <source>(computing k-means…)</source>
        <translation>(k-means wird berechnet…)</translation>
    </message>
    <message>
        <source>Soft points (largest responsibility &lt; {0}): {1} of {2}.
Largest distance from the means to k-means from the same start: {3}</source>
        <translation>Weiche Punkte (größte Verantwortlichkeit &lt; {0}): {1} von {2}.
Größter Abstand der Mittelwerte zu k-means vom selben Start: {3}</translation>
    </message>
    <message>
        <source>Keep this share of the data&apos;s own labels (chosen at random with the start&apos;s seed); the labelled points keep one-hot responsibilities. 100 % is supervised naive Bayes.</source>
        <translation>Diesen Anteil der eigenen Labels der Daten behalten (zufällig mit dem Seed des Starts gewählt); die gelabelten Punkte behalten One-Hot-Verantwortlichkeiten. 100 % ist überwachtes Naive Bayes.</translation>
    </message>
    <message>
        <source>all {0} points labelled: supervised naive Bayes, one M-step fits it</source>
        <translation>alle {0} Punkte gelabelt: überwachtes Naive Bayes, ein M-step passt es an</translation>
    </message>
    <message>
        <source>{0} of {1} points labelled</source>
        <translation>{0} von {1} Punkten gelabelt</translation>
    </message>
    <message>
        <source>Labels (semi-supervised EM)</source>
        <translation>Labels (halbüberwachtes EM)</translation>
    </message>
    <message>
        <source>Label points by clicking</source>
        <translation>Punkte per Klick labeln</translation>
    </message>
    <message>
        <source>Click a point in the data view to give it the class below; click it again, or Shift+click, to take the label away</source>
        <translation>Klicken Sie einen Punkt in der Datenansicht an, um ihm die Klasse unten zu geben; erneut klicken oder Umschalt+Klick nimmt das Label weg</translation>
    </message>
    <message>
        <source>The class a click gives</source>
        <translation>Die Klasse, die ein Klick vergibt</translation>
    </message>
    <message>
        <source>Clear labels</source>
        <translation>Labels löschen</translation>
    </message>
    <message>
        <source>Take away every label given by clicking</source>
        <translation>Jedes per Klick vergebene Label wegnehmen</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>Klasse</translation>
    </message>
    <message>
        <source>From label column</source>
        <translation>Aus der Label-Spalte</translation>
    </message>
    <message>
        <source>This data has no label column</source>
        <translation>Diese Daten haben keine Label-Spalte</translation>
    </message>
    <message>
        <source>All {0} points are labelled: this is supervised naive Bayes, fitted by one M-step (the next iteration changes nothing).</source>
        <translation>Alle {0} Punkte sind gelabelt: dies ist überwachtes Naive Bayes, angepasst durch einen M-step (die nächste Iteration ändert nichts).</translation>
    </message>
    <message>
        <source> ({0} by clicking).</source>
        <translation> ({0} per Klick).</translation>
    </message>
    <message>
        <source>Means μ by feature</source>
        <translation>Mittelwerte μ nach Merkmal</translation>
    </message>
    <message>
        <source>Whose covariance the heat map shows</source>
        <translation>Wessen Kovarianz die Heatmap zeigt</translation>
    </message>
    <message>
        <source>Correlation</source>
        <translation>Korrelation</translation>
    </message>
    <message>
        <source>Show Σ_ij / √(Σ_ii Σ_jj) instead of the covariance Σ</source>
        <translation>Σ_ij / √(Σ_ii Σ_jj) statt der Kovarianz Σ zeigen</translation>
    </message>
    <message>
        <source>&lt;b&gt;Means μ by feature&lt;/b&gt;</source>
        <translation>&lt;b&gt;Mittelwerte μ nach Merkmal&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Matrix of&lt;/b&gt;</source>
        <translation>&lt;b&gt;Matrix von&lt;/b&gt;</translation>
    </message>
    <message>
        <source>{0} features: too many for a heat map (up to {1}); the text above lists them.</source>
        <translation>{0} Merkmale: zu viele für eine Heatmap (bis zu {1}); der Text oben listet sie auf.</translation>
    </message>
    <message>
        <source>{0}{1}{2}; hover a cell for its value.</source>
        <translation>{0}{1}{2}; Maus über eine Zelle für ihren Wert.</translation>
    </message>
    <message>
        <source>The fitted parameters appear here.</source>
        <translation>Die angepassten Parameter erscheinen hier.</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <source>Component {0}</source>
        <translation>Komponente {0}</translation>
    </message>
    <message>
        <source>Class {0}</source>
        <translation>Klasse {0}</translation>
    </message>
    <message>
        <source>original units</source>
        <translation>Originaleinheiten</translation>
    </message>
    <message>
        <source>Initial parameters</source>
        <translation>Anfangsparameter</translation>
    </message>
    <message>
        <source>After the E-step of iteration {0}: parameters unchanged</source>
        <translation>Nach dem E-step der Iteration {0}: Parameter unverändert</translation>
    </message>
    <message>
        <source>After the M-step of iteration {0}</source>
        <translation>Nach dem M-step der Iteration {0}</translation>
    </message>
    <message>
        <source> (in the file&apos;s units)</source>
        <translation> (in den Einheiten der Datei)</translation>
    </message>
    <message>
        <source> &lt;span style=&apos;background:{0}&apos;&gt;&amp;nbsp;changed&amp;nbsp;&lt;/span&gt;</source>
        <translation> &lt;span style=&apos;background:{0}&apos;&gt;&amp;nbsp;geändert&amp;nbsp;&lt;/span&gt;</translation>
    </message>
    <message>
        <source>&lt;tr&gt;&lt;th&gt;&lt;/th&gt;&lt;th align=&apos;left&apos;&gt;fitted&lt;/th&gt;&lt;th align=&apos;left&apos;&gt;true&lt;/th&gt;&lt;th align=&apos;left&apos;&gt;error&lt;/th&gt;&lt;/tr&gt;</source>
        <translation>&lt;tr&gt;&lt;th&gt;&lt;/th&gt;&lt;th align=&apos;left&apos;&gt;angepasst&lt;/th&gt;&lt;th align=&apos;left&apos;&gt;wahr&lt;/th&gt;&lt;th align=&apos;left&apos;&gt;Fehler&lt;/th&gt;&lt;/tr&gt;</translation>
    </message>
    <message>
        <source> &lt;i&gt;(empty: no responsibility, previous values kept)&lt;/i&gt;</source>
        <translation> &lt;i&gt;(leer: keine Verantwortlichkeit, vorige Werte behalten)&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;#{0}&lt;/b&gt; · seed {1}</source>
        <translation>&lt;b&gt;#{0}&lt;/b&gt; · Seed {1}</translation>
    </message>
    <message>
        <source>no fit</source>
        <translation>keine Anpassung</translation>
    </message>
    <message>
        <source>{0}&lt;br&gt;&lt;span style=&apos;color:{1}&apos;&gt;failed&lt;/span&gt;</source>
        <translation>{0}&lt;br&gt;&lt;span style=&apos;color:{1}&apos;&gt;gescheitert&lt;/span&gt;</translation>
    </message>
    <message>
        <source>same objective as the best</source>
        <translation>dieselbe Zielfunktion wie die beste</translation>
    </message>
    <message>
        <source>{0:.4g} below the best</source>
        <translation>{0:.4g} unter der besten</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:{0}&apos;&gt;&amp;#9632;&lt;/span&gt; optimum {1}</source>
        <translation>&lt;span style=&apos;color:{0}&apos;&gt;&amp;#9632;&lt;/span&gt; Optimum {1}</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:{0}&apos;&gt;&amp;#9632;&lt;/span&gt; same optimum as #{1}</source>
        <translation>&lt;span style=&apos;color:{0}&apos;&gt;&amp;#9632;&lt;/span&gt; dasselbe Optimum wie #{1}</translation>
    </message>
    <message>
        <source>{0} iteration</source>
        <translation>{0} Iteration</translation>
    </message>
    <message>
        <source>{0} iterations</source>
        <translation>{0} Iterationen</translation>
    </message>
    <message>
        <source> (not converged)</source>
        <translation> (nicht konvergiert)</translation>
    </message>
    <message>
        <source>{0}&lt;br&gt;objective {1}&lt;br&gt;{2}&lt;br&gt;{3}&lt;br&gt;{4}</source>
        <translation>{0}&lt;br&gt;Zielfunktion {1}&lt;br&gt;{2}&lt;br&gt;{3}&lt;br&gt;{4}</translation>
    </message>
    <message>
        <source>Click to load this run, with its whole history, into the workspace</source>
        <translation>Klicken, um diesen Lauf mit seinem ganzen Verlauf in den Arbeitsbereich zu laden</translation>
    </message>
    <message>
        <source>How many starts to run to convergence: 2 to 60</source>
        <translation>Wie viele Starts bis zur Konvergenz laufen: 2 bis 60</translation>
    </message>
    <message>
        <source>Restart r uses seed first seed + r</source>
        <translation>Neustart r verwendet den Seed erster Seed + r</translation>
    </message>
    <message>
        <source>Restarts R</source>
        <translation>Neustarts R</translation>
    </message>
    <message>
        <source>Start method</source>
        <translation>Startmethode</translation>
    </message>
    <message>
        <source>First seed</source>
        <translation>Erster Seed</translation>
    </message>
    <message>
        <source>Run restarts</source>
        <translation>Neustarts ausführen</translation>
    </message>
    <message>
        <source>Run several starts of the current model to see where EM ends up.</source>
        <translation>Führen Sie mehrere Starts des aktuellen Modells aus, um zu sehen, wo EM endet.</translation>
    </message>
    <message>
        <source>Running {0} restarts of {1}…</source>
        <translation>{0} Neustarts von {1} laufen…</translation>
    </message>
    <message>
        <source> Click a card to load that run.</source>
        <translation> Klicken Sie eine Karte an, um diesen Lauf zu laden.</translation>
    </message>
    <message>
        <source> Every run failed (the reasons are below): try another start method, a prior (α or λ above 0) or fewer components.</source>
        <translation> Jeder Lauf ist gescheitert (die Gründe stehen unten): versuchen Sie eine andere Startmethode, einen Prior (α oder λ über 0) oder weniger Komponenten.</translation>
    </message>
    <message>
        <source>The data changed: run the restarts again.</source>
        <translation>Die Daten haben sich geändert: führen Sie die Neustarts erneut aus.</translation>
    </message>
    <message>
        <source>The points the model is least sure about appear here (1 − max_k r_nk).</source>
        <translation>Die Punkte, bei denen das Modell am unsichersten ist, erscheinen hier (1 − max_k r_nk).</translation>
    </message>
    <message>
        <source>Uncertain points</source>
        <translation>Unsichere Punkte</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Most uncertain points&lt;/b&gt; &lt;span style=&apos;color:{0}&apos;&gt;(uncertainty 1 − max&lt;sub&gt;k&lt;/sub&gt; r&lt;sub&gt;nk&lt;/sub&gt;; at most {1:.3g} with {2} components)&lt;/span&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Unsicherste Punkte&lt;/b&gt; &lt;span style=&apos;color:{0}&apos;&gt;(Unsicherheit 1 − max&lt;sub&gt;k&lt;/sub&gt; r&lt;sub&gt;nk&lt;/sub&gt;; höchstens {1:.3g} bei {2} Komponenten)&lt;/span&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p style=&apos;color:{0}&apos;&gt;Click a point to see its E-step in the inspector.&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;color:{0}&apos;&gt;Klicken Sie einen Punkt an, um seinen E-step im Inspektor zu sehen.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Feature pair</source>
        <translation>Merkmalspaar</translation>
    </message>
    <message>
        <source>Pairs (scatter matrix)</source>
        <translation>Paare (Streudiagramm-Matrix)</translation>
    </message>
    <message>
        <source>Which two axes to look along (everything is projected onto them)</source>
        <translation>Entlang welcher zwei Achsen geschaut wird (alles wird auf sie projiziert)</translation>
    </message>
    <message>
        <source>The feature on the horizontal axis</source>
        <translation>Das Merkmal auf der waagrechten Achse</translation>
    </message>
    <message>
        <source>The feature on the vertical axis</source>
        <translation>Das Merkmal auf der senkrechten Achse</translation>
    </message>
    <message>
        <source>View:</source>
        <translation>Ansicht:</translation>
    </message>
    <message>
        <source>{0}, {1}: its largest loadings</source>
        <translation>{0}, {1}: seine größten Ladungen</translation>
    </message>
    <message>
        <source>(and {0} smaller)</source>
        <translation>(und {0} kleinere)</translation>
    </message>
    <message>
        <source>{0} (standardised)</source>
        <translation>{0} (standardisiert)</translation>
    </message>
    <message>
        <source>Load data or choose a preset to begin.</source>
        <translation>Laden Sie Daten oder wählen Sie eine Vorlage, um zu beginnen.</translation>
    </message>
    <message>
        <source>density</source>
        <translation>Dichte</translation>
    </message>
    <message>
        <source>Drag a mean sideways to restart EM from there</source>
        <translation>Ziehen Sie einen Mittelwert seitwärts, um EM von dort neu zu starten</translation>
    </message>
    <message>
        <source>The posterior P(C = k | x) of each component; click to probe an x</source>
        <translation>Die A-posteriori-Wahrscheinlichkeit P(C = k | x) jeder Komponente; klicken, um ein x zu prüfen</translation>
    </message>
    <message>
        <source> and </source>
        <translation> und </translation>
    </message>
    <message>
        <source>histogram (as a density)</source>
        <translation>Histogramm (als Dichte)</translation>
    </message>
    <message>
        <source>histogram</source>
        <translation>Histogramm</translation>
    </message>
    <message>
        <source>fitted {0}</source>
        <translation>angepasste {0}</translation>
    </message>
    <message>
        <source>mixture density p(x)</source>
        <translation>Mischungsdichte p(x)</translation>
    </message>
    <message>
        <source>mixture p(x)</source>
        <translation>Mischung p(x)</translation>
    </message>
    <message>
        <source>true components, dashed</source>
        <translation>wahre Komponenten, gestrichelt</translation>
    </message>
    <message>
        <source>true, dashed</source>
        <translation>wahr, gestrichelt</translation>
    </message>
    <message>
        <source>fitted {0} ellipses</source>
        <translation>angepasste {0}-Ellipsen</translation>
    </message>
    <message>
        <source>{0} ellipses</source>
        <translation>{0}-Ellipsen</translation>
    </message>
    <message>
        <source>true components, dashed (× mean)</source>
        <translation>wahre Komponenten, gestrichelt (× Mittelwert)</translation>
    </message>
    <message>
        <source>true, dashed (× mean)</source>
        <translation>wahr, gestrichelt (× Mittelwert)</translation>
    </message>
    <message>
        <source>shading: mixture density p(x)</source>
        <translation>Schattierung: Mischungsdichte p(x)</translation>
    </message>
    <message>
        <source>shading: p(x)</source>
        <translation>Schattierung: p(x)</translation>
    </message>
    <message>
        <source>mean μ&lt;sub&gt;k&lt;/sub&gt;</source>
        <translation>Mittelwert μ&lt;sub&gt;k&lt;/sub&gt;</translation>
    </message>
    <message>
        <source>colour: uncertainty 1 − max&lt;sub&gt;k&lt;/sub&gt; r&lt;sub&gt;nk&lt;/sub&gt;</source>
        <translation>Farbe: Unsicherheit 1 − max&lt;sub&gt;k&lt;/sub&gt; r&lt;sub&gt;nk&lt;/sub&gt;</translation>
    </message>
    <message>
        <source>colour: uncertainty</source>
        <translation>Farbe: Unsicherheit</translation>
    </message>
    <message>
        <source>colour: responsibilities r&lt;sub&gt;nk&lt;/sub&gt;</source>
        <translation>Farbe: Verantwortlichkeiten r&lt;sub&gt;nk&lt;/sub&gt;</translation>
    </message>
    <message>
        <source>colour: r&lt;sub&gt;nk&lt;/sub&gt;</source>
        <translation>Farbe: r&lt;sub&gt;nk&lt;/sub&gt;</translation>
    </message>
    <message>
        <source>shape: most responsible k</source>
        <translation>Form: verantwortlichstes k</translation>
    </message>
    <message>
        <source>shape: most responsible</source>
        <translation>Form: am meisten verantwortlich</translation>
    </message>
    <message>
        <source>rows missing x: not drawn (left out of the histogram)</source>
        <translation>Zeilen ohne x: nicht gezeichnet (nicht im Histogramm)</translation>
    </message>
    <message>
        <source>rows missing x: not drawn</source>
        <translation>Zeilen ohne x: nicht gezeichnet</translation>
    </message>
    <message>
        <source>hollow: cells missing, drawn at their expected value</source>
        <translation>hohl: Zellen fehlen, an ihrem Erwartungswert gezeichnet</translation>
    </message>
    <message>
        <source>hollow: cells missing</source>
        <translation>hohl: Zellen fehlen</translation>
    </message>
    <message>
        <source>P(level | component)</source>
        <translation>P(Stufe | Komponente)</translation>
    </message>
    <message>
        <source>Answers from the bottom up: </source>
        <translation>Antworten von unten nach oben: </translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Aus</translation>
    </message>
    <message>
        <source>In presentation mode</source>
        <translation>Im Präsentationsmodus</translation>
    </message>
    <message>
        <source>Always</source>
        <translation>Immer</translation>
    </message>
    <message>
        <source>Animate half-steps</source>
        <translation>Halbschritte animieren</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Select a point (click it) or point at one to remove it.</source>
        <translation>Wählen Sie einen Punkt (anklicken) oder zeigen Sie auf einen, um ihn zu entfernen.</translation>
    </message>
    <message>
        <source>Features…</source>
        <translation>Merkmale…</translation>
    </message>
    <message>
        <source>Which features the scatter matrix shows (2 to {0})</source>
        <translation>Welche Merkmale die Streudiagramm-Matrix zeigt (2 bis {0})</translation>
    </message>
    <message>
        <source>; {0:,} of {1:,} rows drawn</source>
        <translation>; {0:,} von {1:,} Zeilen gezeichnet</translation>
    </message>
    <message>
        <source>; in the file&apos;s units</source>
        <translation>; in den Einheiten der Datei</translation>
    </message>
    <message>
        <source>; standardised values</source>
        <translation>; standardisierte Werte</translation>
    </message>
    <message>
        <source>; colour: uncertainty 1 − max r</source>
        <translation>; Farbe: Unsicherheit 1 − max r</translation>
    </message>
    <message>
        <source>{0} of {1} features (up to {2}){3}{4}{5}</source>
        <translation>{0} von {1} Merkmalen (bis zu {2}){3}{4}{5}</translation>
    </message>
    <message>
        <source>Most probable features of each component</source>
        <translation>Die wahrscheinlichsten Merkmale jeder Komponente</translation>
    </message>
    <message>
        <source> — empty</source>
        <translation> — leer</translation>
    </message>
    <message>
        <source>; true {0:.6g}</source>
        <translation>; wahr {0:.6g}</translation>
    </message>
    <message>
        <source>Data order</source>
        <translation>Datenreihenfolge</translation>
    </message>
    <message>
        <source>By component</source>
        <translation>Nach Komponente</translation>
    </message>
    <message>
        <source>By label</source>
        <translation>Nach Label</translation>
    </message>
    <message>
        <source>this data has no labels to group by</source>
        <translation>diese Daten haben keine Labels zum Gruppieren</translation>
    </message>
    <message>
        <source>How the rows (data points) are ordered: as in the data, grouped by most probable component (most confident first), or grouped by label</source>
        <translation>Wie die Zeilen (Datenpunkte) geordnet sind: wie in den Daten, nach wahrscheinlichster Komponente gruppiert (die sichersten zuerst) oder nach Label gruppiert</translation>
    </message>
    <message>
        <source>component k</source>
        <translation>Komponente k</translation>
    </message>
    <message>
        <source>data point n</source>
        <translation>Datenpunkt n</translation>
    </message>
    <message>
        <source>&lt;b&gt;Responsibilities r&lt;sub&gt;nk&lt;/sub&gt;&lt;/b&gt;</source>
        <translation>&lt;b&gt;Verantwortlichkeiten r&lt;sub&gt;nk&lt;/sub&gt;&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Row n, column k: how much component k is responsible for data point n (white 0, the component&apos;s colour 1). Click a row to inspect the point.</source>
        <translation>Zeile n, Spalte k: wie sehr Komponente k für Datenpunkt n verantwortlich ist (weiß 0, die Farbe der Komponente 1). Klicken Sie eine Zeile an, um den Punkt zu untersuchen.</translation>
    </message>
    <message>
        <source>Rows:</source>
        <translation>Zeilen:</translation>
    </message>
    <message>
        <source>By true component</source>
        <translation>Nach wahrer Komponente</translation>
    </message>
    <message>
        <source>Drag a mean to restart EM from there</source>
        <translation>Ziehen Sie einen Mittelwert, um EM von dort neu zu starten</translation>
    </message>
    <message>
        <source>Choose a feature pair to drag means</source>
        <translation>Wählen Sie ein Merkmalspaar, um Mittelwerte zu ziehen</translation>
    </message>
    <message>
        <source>Up / Down, Shift+Arrow keys</source>
        <translation>Pfeil hoch / runter, Umschalt+Pfeiltasten</translation>
    </message>
    <message>
        <source>In a focused data view: select the nearest point that way (the responsibility map: the row above or below)</source>
        <translation>In einer fokussierten Datenansicht: den nächsten Punkt in dieser Richtung auswählen (in der Verantwortlichkeitskarte: die Zeile darüber oder darunter)</translation>
    </message>
    <message>
        <source>Which parameter to move; everything else stays at θ_old</source>
        <translation>Welcher Parameter bewegt wird; alles andere bleibt bei θ_old</translation>
    </message>
    <message>
        <source>How far the slice reaches either side of θ_old (auto: from the data)</source>
        <translation>Wie weit der Schnitt zu beiden Seiten von θ_old reicht (auto: aus den Daten)</translation>
    </message>
    <message>
        <source>Slice:</source>
        <translation>Schnitt:</translation>
    </message>
    <message>
        <source>± range</source>
        <translation>± Bereich</translation>
    </message>
    <message>
        <source>&lt;span style=&quot;color:{0}&quot;&gt;━━ objective&lt;/span&gt; &amp;nbsp; &lt;span style=&quot;color:{1}&quot;&gt;╍╍ surrogate L(q, θ) from the E-step&lt;/span&gt;</source>
        <translation>&lt;span style=&quot;color:{0}&quot;&gt;━━ Zielfunktion&lt;/span&gt; &amp;nbsp; &lt;span style=&quot;color:{1}&quot;&gt;╍╍ Ersatzfunktion L(q, θ) aus dem E-step&lt;/span&gt;</translation>
    </message>
    <message>
        <source>max of L</source>
        <translation>Max. von L</translation>
    </message>
    <message>
        <source>Caption of the bound view</source>
        <translation>Beschriftung der Schrankenansicht</translation>
    </message>
    <message>
        <source>Load data or choose a preset to see the bound.</source>
        <translation>Laden Sie Daten oder wählen Sie eine Vorlage, um die Schranke zu sehen.</translation>
    </message>
    <message>
        <source>t (0 = θ_old, 1 = θ_new)</source>
        <translation>t (0 = θ_old, 1 = θ_new)</translation>
    </message>
    <message>
        <source>log-lik. + log-prior</source>
        <translation>Log-Lik. + Log-Prior</translation>
    </message>
    <message>
        <source>log-lik.</source>
        <translation>Log-Lik.</translation>
    </message>
    <message>
        <source>complete log-lik.</source>
        <translation>vollst. Log-Lik.</translation>
    </message>
    <message>
        <source>log-likelihood + log-prior</source>
        <translation>Log-Likelihood + Log-Prior</translation>
    </message>
    <message>
        <source>complete-data log-lik.</source>
        <translation>Log-Lik. der vollst. Daten</translation>
    </message>
    <message>
        <source>complete-data log-likelihood + log-prior</source>
        <translation>Log-Likelihood der vollständigen Daten + Log-Prior</translation>
    </message>
    <message>
        <source>complete-data log-lik. + log-prior</source>
        <translation>Log-Lik. der vollst. Daten + Log-Prior</translation>
    </message>
    <message>
        <source>Hard EM gives each point wholly to one component: it climbs the classification log-likelihood (the lower curve, which never goes down), not the log-likelihood.</source>
        <translation>Hartes EM gibt jeden Punkt ganz einer Komponente: es ersteigt die Klassifikations-Log-Likelihood (die untere Kurve, die nie fällt), nicht die Log-Likelihood.</translation>
    </message>
    <message>
        <source>Hard EM climbs the classification log-lik. (the lower curve), not the log-likelihood.</source>
        <translation>Hartes EM ersteigt die Klassifikations-Log-Lik. (die untere Kurve), nicht die Log-Likelihood.</translation>
    </message>
    <message>
        <source>the whole run</source>
        <translation>der ganze Lauf</translation>
    </message>
    <message>
        <source>the climb after the first jump</source>
        <translation>der Anstieg nach dem ersten Sprung</translation>
    </message>
    <message>
        <source>gap to the best (log scale)</source>
        <translation>Abstand zum besten (log. Skala)</translation>
    </message>
    <message>
        <source>The whole run; the climb after the first big jump, scaled to it; or how far each half-step is below the best objective reached, on a log scale</source>
        <translation>Der ganze Lauf; der Anstieg nach dem ersten großen Sprung, darauf skaliert; oder wie weit jeder Halbschritt unter der besten erreichten Zielfunktion liegt, auf logarithmischer Skala</translation>
    </message>
    <message>
        <source>half-step</source>
        <translation>Halbschritt</translation>
    </message>
    <message>
        <source>The lower curve and the objective; the shaded band between them is the KL gap</source>
        <translation>Die untere Kurve und die Zielfunktion; das schattierte Band dazwischen ist die KL-Lücke</translation>
    </message>
    <message>
        <source>ELBO L(q, θ)</source>
        <translation>ELBO L(q, θ)</translation>
    </message>
    <message>
        <source>data edited</source>
        <translation>Daten bearbeitet</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>Zeigen:</translation>
    </message>
    <message>
        <source>classif. log-lik.</source>
        <translation>Klass.-Log-Lik.</translation>
    </message>
    <message>
        <source>classif.</source>
        <translation>Klass.</translation>
    </message>
    <message>
        <source>best − {0}</source>
        <translation>beste − {0}</translation>
    </message>
    <message>
        <source>The objective went down here</source>
        <translation>Die Zielfunktion ist hier gefallen</translation>
    </message>
    <message>
        <source> It went down at half-step {0} (red ×).</source>
        <translation> Sie fiel bei Halbschritt {0} (rotes ×).</translation>
    </message>
    <message>
        <source> The log-likelihood went down at half-step {0} (red ×).</source>
        <translation> Die Log-Likelihood fiel bei Halbschritt {0} (rotes ×).</translation>
    </message>
    <message>
        <source> The log-likelihood may go down (it would get a red ×).</source>
        <translation> Die Log-Likelihood kann fallen (sie bekäme ein rotes ×).</translation>
    </message>
    <message>
        <source>The objective went down at half-step {0}. Soft EM cannot do this in exact arithmetic; it points to a numerical problem (a nearly singular covariance).</source>
        <translation>Die Zielfunktion fiel bei Halbschritt {0}. Weiches EM kann das in exakter Arithmetik nicht; es deutet auf ein numerisches Problem hin (eine fast singuläre Kovarianz).</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Classify new data</source>
        <translation>Neue Daten klassifizieren</translation>
    </message>
    <message>
        <source>There is no model to classify with yet: load data or choose a preset first.</source>
        <translation>Es gibt noch kein Modell zum Klassifizieren: laden Sie Daten oder wählen Sie eine Vorlage.</translation>
    </message>
    <message>
        <source>A file is being classified already; wait for it to finish.</source>
        <translation>Es wird schon eine Datei klassifiziert; warten Sie, bis sie fertig ist.</translation>
    </message>
    <message>
        <source>Classifying {0}…</source>
        <translation>Klassifiziere {0}…</translation>
    </message>
    <message>
        <source>Cannot classify {0}: {1}</source>
        <translation>{0} kann nicht klassifiziert werden: {1}</translation>
    </message>
    <message>
        <source>Save the classified rows</source>
        <translation>Die klassifizierten Zeilen speichern</translation>
    </message>
    <message>
        <source>Could not write {0}: {1}</source>
        <translation>{0} konnte nicht geschrieben werden: {1}</translation>
    </message>
    <message>
        <source> ({0} without an assignment; see unassigned_reason)</source>
        <translation> ({0} ohne Zuordnung; siehe unassigned_reason)</translation>
    </message>
    <message>
        <source>Classified {0} rows of {1}{2}</source>
        <translation>{0} Zeilen von {1} klassifiziert{2}</translation>
    </message>
    <message>
        <source>Compute responsibilities (E)</source>
        <translation>Verantwortlichkeiten berechnen (E)</translation>
    </message>
    <message>
        <source>Refit the parameters (M)</source>
        <translation>Die Parameter neu anpassen (M)</translation>
    </message>
    <message>
        <source>One E-step and one M-step (I)</source>
        <translation>Ein E-step und ein M-step (I)</translation>
    </message>
    <message>
        <source>Play or pause (Space)</source>
        <translation>Abspielen oder anhalten (Leertaste)</translation>
    </message>
    <message>
        <source>Converge</source>
        <translation>Konvergieren</translation>
    </message>
    <message>
        <source>Back to the start of this run (R)</source>
        <translation>Zurück zum Start dieses Laufs (R)</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <source>Previous half-step</source>
        <translation>Voriger Halbschritt</translation>
    </message>
    <message>
        <source>Forward</source>
        <translation>Vor</translation>
    </message>
    <message>
        <source>Next half-step</source>
        <translation>Nächster Halbschritt</translation>
    </message>
    <message>
        <source>Forward, or a new half-step at the end (Page Down)</source>
        <translation>Vor, oder ein neuer Halbschritt am Ende (Bild ab)</translation>
    </message>
    <message>
        <source>The start (Home)</source>
        <translation>Der Start (Pos1)</translation>
    </message>
    <message>
        <source>The last half-step computed (End)</source>
        <translation>Der letzte berechnete Halbschritt (Ende)</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Rückgängig</translation>
    </message>
    <message>
        <source>Bring back the run the last change discarded (Ctrl+Z)</source>
        <translation>Den Lauf zurückholen, den die letzte Änderung verworfen hat (Ctrl+Z)</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>Wiederholen</translation>
    </message>
    <message>
        <source>Show the undone run again (Ctrl+Shift+Z)</source>
        <translation>Den rückgängig gemachten Lauf wieder zeigen (Ctrl+Shift+Z)</translation>
    </message>
    <message>
        <source>Open data or session…</source>
        <translation>Daten oder Sitzung öffnen…</translation>
    </message>
    <message>
        <source>Synthesise data…</source>
        <translation>Daten synthetisieren…</translation>
    </message>
    <message>
        <source>Draw data from true parameters you choose (Ctrl+N)</source>
        <translation>Daten aus wahren Parametern Ihrer Wahl ziehen (Ctrl+N)</translation>
    </message>
    <message>
        <source>Save session…</source>
        <translation>Sitzung speichern…</translation>
    </message>
    <message>
        <source>Classify new data…</source>
        <translation>Neue Daten klassifizieren…</translation>
    </message>
    <message>
        <source>Responsibilities and labels of a new file&apos;s rows under the model shown</source>
        <translation>Verantwortlichkeiten und Labels der Zeilen einer neuen Datei unter dem gezeigten Modell</translation>
    </message>
    <message>
        <source>Save screenshot…</source>
        <translation>Bildschirmfoto speichern…</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Beenden</translation>
    </message>
    <message>
        <source>Start page</source>
        <translation>Startseite</translation>
    </message>
    <message>
        <source>Paint the data</source>
        <translation>Die Daten malen</translation>
    </message>
    <message>
        <source>Click to add a point, drag one to move it, Delete removes one; EM goes on from here (D)</source>
        <translation>Klicken fügt einen Punkt hinzu, Ziehen verschiebt einen, Entf entfernt einen; EM macht von hier weiter (D)</translation>
    </message>
    <message>
        <source>Paint</source>
        <translation>Malen</translation>
    </message>
    <message>
        <source>Delete point</source>
        <translation>Punkt löschen</translation>
    </message>
    <message>
        <source>Remove the selected point, or the one under the mouse (Delete)</source>
        <translation>Den ausgewählten Punkt entfernen, oder den unter der Maus (Entf)</translation>
    </message>
    <message>
        <source>Describe this view</source>
        <translation>Diese Ansicht beschreiben</translation>
    </message>
    <message>
        <source>Read out and copy what the focused plot (or the data view) shows at this half-step (Ctrl+D)</source>
        <translation>Vorlesen und kopieren, was der fokussierte Plot (oder die Datenansicht) in diesem Halbschritt zeigt (Ctrl+D)</translation>
    </message>
    <message>
        <source>User guide</source>
        <translation>Benutzerhandbuch</translation>
    </message>
    <message>
        <source>The user guide, offline: every panel, view and preset explained</source>
        <translation>Das Benutzerhandbuch, offline: jede Leiste, Ansicht und Vorlage erklärt (auf Englisch)</translation>
    </message>
    <message>
        <source>Help on the panel in use</source>
        <translation>Hilfe zur aktiven Leiste</translation>
    </message>
    <message>
        <source>The user guide at the section about the panel, plot or dialog in use (F1)</source>
        <translation>Das Benutzerhandbuch beim Abschnitt über die aktive Leiste, den Plot oder Dialog (F1)</translation>
    </message>
    <message>
        <source>Larger text</source>
        <translation>Größere Schrift</translation>
    </message>
    <message>
        <source>Every text larger, kept for next time (Ctrl+=)</source>
        <translation>Jeder Text größer, für das nächste Mal gemerkt (Strg+=)</translation>
    </message>
    <message>
        <source>Smaller text</source>
        <translation>Kleinere Schrift</translation>
    </message>
    <message>
        <source>Every text smaller, kept for next time (Ctrl+-)</source>
        <translation>Jeder Text kleiner, für das nächste Mal gemerkt (Strg+-)</translation>
    </message>
    <message>
        <source>Normal text size</source>
        <translation>Normale Schriftgröße</translation>
    </message>
    <message>
        <source>Every text at its usual size (Ctrl+0)</source>
        <translation>Jeder Text in seiner üblichen Größe (Strg+0)</translation>
    </message>
    <message>
        <source>Presentation mode</source>
        <translation>Präsentationsmodus</translation>
    </message>
    <message>
        <source>Full screen with the data view and the objective curve, larger text, for a projector (F5; Esc leaves)</source>
        <translation>Vollbild mit Datenansicht und Zielfunktionskurve, größere Schrift, für einen Projektor (F5; Esc verlässt ihn)</translation>
    </message>
    <message>
        <source>Present</source>
        <translation>Präsentieren</translation>
    </message>
    <message>
        <source>Animation (GIF, APNG or PNG frames)…</source>
        <translation>Animation (GIF, APNG oder PNG-Bilder)…</translation>
    </message>
    <message>
        <source>Handout of the run (HTML)…</source>
        <translation>Handout des Laufs (HTML)…</translation>
    </message>
    <message>
        <source>Stepping</source>
        <translation>Schritte</translation>
    </message>
    <message>
        <source>There is no view to describe yet: open a file or a preset.</source>
        <translation>Es gibt noch keine Ansicht zu beschreiben: öffnen Sie eine Datei oder eine Vorlage.</translation>
    </message>
    <message>
        <source>Described “{0}” (copied to the clipboard)</source>
        <translation>„{0}“ beschrieben (in die Zwischenablage kopiert)</translation>
    </message>
    <message>
        <source>Controls</source>
        <translation>Steuerung</translation>
    </message>
    <message>
        <source>Objective</source>
        <translation>Zielfunktion</translation>
    </message>
    <message>
        <source>Choose K</source>
        <translation>K wählen</translation>
    </message>
    <message>
        <source>Restart gallery</source>
        <translation>Neustart-Galerie</translation>
    </message>
    <message>
        <source>Bound (EM surrogate)</source>
        <translation>Schranke (EM-Ersatzfunktion)</translation>
    </message>
    <message>
        <source>nbviz — unexpected error</source>
        <translation>nbviz — unerwarteter Fehler</translation>
    </message>
    <message>
        <source>Something went wrong inside nbviz. What you had open is unchanged and you can go on working.</source>
        <translation>In nbviz ist etwas schiefgegangen. Was Sie geöffnet hatten, ist unverändert, und Sie können weiterarbeiten.</translation>
    </message>
    <message>
        <source>{0}

The details are in {1}.</source>
        <translation>{0}

Die Einzelheiten stehen in {1}.</translation>
    </message>
    <message>
        <source>Copy details</source>
        <translation>Einzelheiten kopieren</translation>
    </message>
    <message>
        <source>Could not export to {0}: {1}</source>
        <translation>Export nach {0} nicht möglich: {1}</translation>
    </message>
    <message>
        <source>Exported {0}</source>
        <translation>{0} exportiert</translation>
    </message>
    <message>
        <source>Export a handout of the run</source>
        <translation>Ein Handout des Laufs exportieren</translation>
    </message>
    <message>
        <source>Could not export the handout: {0}</source>
        <translation>Das Handout konnte nicht exportiert werden: {0}</translation>
    </message>
    <message>
        <source>Exported the handout to {0}</source>
        <translation>Handout exportiert nach {0}</translation>
    </message>
    <message>
        <source>Cannot open preset {0}: {1}</source>
        <translation>Vorlage {0} kann nicht geöffnet werden: {1}</translation>
    </message>
    <message>
        <source>{0} is no longer there: open another file or a preset.</source>
        <translation>{0} ist nicht mehr da: öffnen Sie eine andere Datei oder eine Vorlage.</translation>
    </message>
    <message>
        <source>Open data or session</source>
        <translation>Daten oder Sitzung öffnen</translation>
    </message>
    <message>
        <source>Data and sessions (*.csv *.tsv *.txt *.npy *{0});;All files (*)</source>
        <translation>Daten und Sitzungen (*.csv *.tsv *.txt *.npy *{0});;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Saved {0}</source>
        <translation>{0} gespeichert</translation>
    </message>
    <message>
        <source>There is nothing to save yet: load data or choose a preset first.</source>
        <translation>Es gibt noch nichts zu speichern: laden Sie Daten oder wählen Sie eine Vorlage.</translation>
    </message>
    <message>
        <source>Save session</source>
        <translation>Sitzung speichern</translation>
    </message>
    <message>
        <source>nbviz session (*{0})</source>
        <translation>nbviz-Sitzung (*{0})</translation>
    </message>
    <message>
        <source>Enter on a Choose K row or a restart card</source>
        <translation>Enter auf einer Zeile von K wählen oder einer Neustart-Karte</translation>
    </message>
    <message>
        <source>Load that fit, with its whole history, into the workspace</source>
        <translation>Diese Anpassung mit ihrem ganzen Verlauf in den Arbeitsbereich laden</translation>
    </message>
    <message>
        <source>Alt + the underlined letter, or F10</source>
        <translation>Alt + der unterstrichene Buchstabe, oder F10</translation>
    </message>
    <message>
        <source>Open a menu: every command is in one</source>
        <translation>Ein Menü öffnen: jeder Befehl steht in einem</translation>
    </message>
    <message>
        <source>Message log</source>
        <translation>Meldungsprotokoll</translation>
    </message>
    <message>
        <source>How EM works here</source>
        <translation>Wie EM hier funktioniert</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>&lt;h3&gt;nbviz {0}&lt;/h3&gt;&lt;p&gt;Watch the EM algorithm work, one E-step and one M-step at a time.&lt;/p&gt;&lt;p&gt;Python {1}, numpy {2}, scipy {3}, PySide6 {4}, pyqtgraph {5}&lt;/p&gt;</source>
        <translation>&lt;h3&gt;nbviz {0}&lt;/h3&gt;&lt;p&gt;Sehen Sie dem EM-Algorithmus bei der Arbeit zu, ein E-step und ein M-step nach dem anderen.&lt;/p&gt;&lt;p&gt;Python {1}, numpy {2}, scipy {3}, PySide6 {4}, pyqtgraph {5}&lt;/p&gt;</translation>
    </message>
    <message>
        <source>About nbviz</source>
        <translation>Über nbviz</translation>
    </message>
    <message>
        <source>Enter / Esc in a number field</source>
        <translation>Enter / Esc in einem Zahlenfeld</translation>
    </message>
    <message>
        <source>Use / drop the number typed, and go back to the view</source>
        <translation>Die eingegebene Zahl übernehmen / verwerfen und zur Ansicht zurückkehren</translation>
    </message>
    <message>
        <source>Keep English (from the next start)</source>
        <translation>Englisch beibehalten (ab dem nächsten Start)</translation>
    </message>
    <message>
        <source>Show nbviz in English even where your system asks for another language</source>
        <translation>nbviz auf Englisch zeigen, auch wenn Ihr System eine andere Sprache verlangt</translation>
    </message>
    <message>
        <source>nbviz will be in English from the next start.</source>
        <translation>nbviz ist ab dem nächsten Start auf Englisch.</translation>
    </message>
    <message>
        <source>nbviz will be in your system&apos;s language from the next start.</source>
        <translation>nbviz ist ab dem nächsten Start in der Sprache Ihres Systems.</translation>
    </message>
    <message>
        <source>Scrub through every half-step computed so far (Left / Right)</source>
        <translation>Durch jeden bisher berechneten Halbschritt blättern (Pfeil links / rechts)</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>Running EM to convergence…</source>
        <translation>EM läuft bis zur Konvergenz…</translation>
    </message>
    <message>
        <source>Running EM to convergence… iteration {0}, objective {1:.6g}</source>
        <translation>EM läuft bis zur Konvergenz… Iteration {0}, Zielfunktion {1:.6g}</translation>
    </message>
    <message>
        <source>nbviz — {0}</source>
        <translation>nbviz — {0}</translation>
    </message>
    <message>
        <source>Save this session before closing?

The half-steps taken since it was last saved are lost otherwise.</source>
        <translation>Diese Sitzung vor dem Schließen speichern?

Die seit dem letzten Speichern gemachten Halbschritte gehen sonst verloren.</translation>
    </message>
    <message>
        <source>Save this session before opening {0}?

The half-steps since it was last saved are lost otherwise.</source>
        <translation>Diese Sitzung speichern, bevor {0} geöffnet wird?

Die seit dem letzten Speichern gemachten Halbschritte gehen sonst verloren.</translation>
    </message>
    <message>
        <source>Your saved settings could not be read; nbviz starts with its defaults.</source>
        <translation>Ihre gespeicherten Einstellungen konnten nicht gelesen werden; nbviz startet mit seinen Voreinstellungen.</translation>
    </message>
    <message>
        <source>Some saved choices could not be read ({0}); nbviz uses its defaults for them.</source>
        <translation>Einige gespeicherte Einstellungen konnten nicht gelesen werden ({0}); nbviz verwendet für sie seine Voreinstellungen.</translation>
    </message>
    <message>
        <source>Save screenshot</source>
        <translation>Bildschirmfoto speichern</translation>
    </message>
    <message>
        <source>Could not write the screenshot to {0}.</source>
        <translation>Das Bildschirmfoto konnte nicht nach {0} geschrieben werden.</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>Presets</source>
        <translation>Vorlagen</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Ausführen</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>Posterior curves P(C | x) (1-D data)</source>
        <translation>A-posteriori-Kurven P(C | x) (1-D-Daten)</translation>
    </message>
    <message>
        <source>E&amp;xplore</source>
        <translation>E&amp;rkunden</translation>
    </message>
    <message>
        <source>Choose K…</source>
        <translation>K wählen…</translation>
    </message>
    <message>
        <source>Restart gallery…</source>
        <translation>Neustart-Galerie…</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>What is this view?</source>
        <translation>Was ist diese Ansicht?</translation>
    </message>
    <message>
        <source>start</source>
        <translation>Start</translation>
    </message>
    <message>
        <source>after the E-step</source>
        <translation>nach dem E-step</translation>
    </message>
    <message>
        <source>after the M-step</source>
        <translation>nach dem M-step</translation>
    </message>
    <message>
        <source> · converged</source>
        <translation> · konvergiert</translation>
    </message>
    <message>
        <source>&lt;b&gt;Iteration {iteration}&lt;/b&gt;, {phase} · {name} &lt;b&gt;{value}&lt;/b&gt;{state}</source>
        <translation>&lt;b&gt;Iteration {iteration}&lt;/b&gt;, {phase} · {name} &lt;b&gt;{value}&lt;/b&gt;{state}</translation>
    </message>
    <message>
        <source>{key} hides them</source>
        <translation>{key} blendet sie aus</translation>
    </message>
    <message>
        <source>{key}: page {page}</source>
        <translation>{key}: Seite {page}</translation>
    </message>
    <message>
        <source>{heading}, page {page} of {pages} ({more})</source>
        <translation>{heading}, Seite {page} von {pages} ({more})</translation>
    </message>
    <message>
        <source>The E-step and M-step, worked</source>
        <translation>E-step und M-step, vorgerechnet</translation>
    </message>
    <message>
        <source>Paint as</source>
        <translation>Malen als</translation>
    </message>
    <message>
        <source>; the arrow chooses what a click adds</source>
        <translation>; der Pfeil wählt, was ein Klick hinzufügt</translation>
    </message>
    <message>
        <source>Click to add a point, drag one to move it, Delete removes one (D)</source>
        <translation>Klicken fügt einen Punkt hinzu, Ziehen verschiebt einen, Entf entfernt einen (D)</translation>
    </message>
    <message>
        <source>Parameters overlay</source>
        <translation>Parameter-Einblendung</translation>
    </message>
    <message>
        <source>Worked E-step and M-step</source>
        <translation>Vorgerechneter E-step und M-step</translation>
    </message>
    <message>
        <source>Show the parameters, their next page, or hide them (P)</source>
        <translation>Die Parameter zeigen, ihre nächste Seite, oder ausblenden (P)</translation>
    </message>
    <message>
        <source>Show the worked E-step and M-step, their next page, or hide them (W)</source>
        <translation>Den vorgerechneten E-step und M-step zeigen, ihre nächste Seite, oder ausblenden (W)</translation>
    </message>
    <message>
        <source>Leave presentation mode</source>
        <translation>Präsentationsmodus verlassen</translation>
    </message>
    <message>
        <source>Back to the normal layout (Esc)</source>
        <translation>Zurück zum normalen Layout (Esc)</translation>
    </message>
    <message>
        <source>What to look at in this preset</source>
        <translation>Worauf man bei dieser Vorlage achten sollte</translation>
    </message>
    <message>
        <source>Hide this note</source>
        <translation>Diesen Hinweis ausblenden</translation>
    </message>
    <message>
        <source>The lesson…</source>
        <translation>Die Lektion…</translation>
    </message>
    <message>
        <source>&lt;h1&gt;nbviz&lt;/h1&gt;&lt;p&gt;Watch the EM algorithm work, one E-step and one M-step at a time. Start from a preset, or open a table of your own (CSV, TSV or .npy).&lt;/p&gt;</source>
        <translation>&lt;h1&gt;nbviz&lt;/h1&gt;&lt;p&gt;Sehen Sie dem EM-Algorithmus bei der Arbeit zu, ein E-step und ein M-step nach dem anderen. Beginnen Sie mit einer Vorlage oder öffnen Sie eine eigene Tabelle (CSV, TSV oder .npy).&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Recent files</source>
        <translation>Zuletzt geöffnete Dateien</translation>
    </message>
    <message>
        <source>Open a data file or session…</source>
        <translation>Eine Datendatei oder Sitzung öffnen…</translation>
    </message>
    <message>
        <source>Start here: {0}</source>
        <translation>Hier beginnen: {0}</translation>
    </message>
    <message>
        <source>Draw data from true parameters you choose; the workspace compares the fit to them</source>
        <translation>Daten aus wahren Parametern Ihrer Wahl ziehen; der Arbeitsbereich vergleicht die Anpassung mit ihnen</translation>
    </message>
    <message>
        <source>Continue with {0}</source>
        <translation>Weiter mit {0}</translation>
    </message>
    <message>
        <source>Open {0} again, as last time</source>
        <translation>{0} wieder öffnen, wie beim letzten Mal</translation>
    </message>
    <message>
        <source>(none yet)</source>
        <translation>(noch keine)</translation>
    </message>
    <message>
        <source>{title} (for {why})</source>
        <translation>{title} (für {why})</translation>
    </message>
    <message>
        <source>after E-step</source>
        <translation>nach E-step</translation>
    </message>
    <message>
        <source>after M-step</source>
        <translation>nach M-step</translation>
    </message>
    <message>
        <source>iteration {iteration}, {phase}</source>
        <translation>Iteration {iteration}, {phase}</translation>
    </message>
    <message>
        <source>hard EM climbs the classification log-lik. {0}</source>
        <translation>hartes EM ersteigt die Klassifikations-Log-Lik. {0}</translation>
    </message>
    <message>
        <source>KL gap {0:.3g}</source>
        <translation>KL-Lücke {0:.3g}</translation>
    </message>
    <message>
        <source>E-step {0}</source>
        <translation>E-step {0}</translation>
    </message>
    <message>
        <source>M-step {0}</source>
        <translation>M-step {0}</translation>
    </message>
    <message>
        <source>half-step {index} of {last} ({what})</source>
        <translation>Halbschritt {index} von {last} ({what})</translation>
    </message>
    <message>
        <source>Tab / Shift+Tab</source>
        <translation>Tab / Umschalt+Tab</translation>
    </message>
    <message>
        <source>Next / previous control: the controls, the data view, History, the objective, the parameters, the inspector</source>
        <translation>Nächstes / voriges Bedienelement: die Steuerung, die Datenansicht, der Verlauf, die Zielfunktion, die Parameter, der Inspektor</translation>
    </message>
    <message>
        <source>Show in the data view</source>
        <translation>In der Datenansicht zeigen</translation>
    </message>
    <message>
        <source>{0} of {1}</source>
        <translation>{0} von {1}</translation>
    </message>
    <message>
        <source>var {0}</source>
        <translation>Var {0}</translation>
    </message>
    <message>
        <source>cov {0}, {1}</source>
        <translation>Kov {0}, {1}</translation>
    </message>
    <message>
        <source>P({0} = {1})</source>
        <translation>P({0} = {1})</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>Gewicht</translation>
    </message>
    <message>
        <source>mean {0}</source>
        <translation>Mittel {0}</translation>
    </message>
    <message>
        <source>sd {0}</source>
        <translation>Std {0}</translation>
    </message>
    <message>
        <source>corr {0}, {1}</source>
        <translation>Korr {0}, {1}</translation>
    </message>
    <message>
        <source>P({0})</source>
        <translation>P({0})</translation>
    </message>
    <message>
        <source>variance of {0}</source>
        <translation>Varianz von {0}</translation>
    </message>
    <message>
        <source>covariance of {0} and {1}</source>
        <translation>Kovarianz von {0} und {1}</translation>
    </message>
    <message>
        <source>mixture weight</source>
        <translation>Mischungsgewicht</translation>
    </message>
    <message>
        <source>mean of {0}</source>
        <translation>Mittelwert von {0}</translation>
    </message>
    <message>
        <source>standard deviation of {0}</source>
        <translation>Standardabweichung von {0}</translation>
    </message>
    <message>
        <source>correlation of {0} and {1}</source>
        <translation>Korrelation von {0} und {1}</translation>
    </message>
    <message>
        <source>probability of {0}</source>
        <translation>Wahrscheinlichkeit von {0}</translation>
    </message>
    <message>
        <source>({0} rows)</source>
        <translation>({0} Zeilen)</translation>
    </message>
    <message>
        <source>Open the user guide at “{0}” (F1)</source>
        <translation>Das Benutzerhandbuch bei „{0}“ öffnen (F1)</translation>
    </message>
    <message>
        <source>What is “{0}”? Opens the user guide at its section (F1)</source>
        <translation>Was ist „{0}“? Öffnet das Benutzerhandbuch bei seinem Abschnitt (F1)</translation>
    </message>
    <message>
        <source>Help on {0}</source>
        <translation>Hilfe zu {0}</translation>
    </message>
    <message>
        <source>nbviz user guide</source>
        <translation>nbviz-Benutzerhandbuch</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>Inhalt</translation>
    </message>
    <message>
        <source>**{0}.** Reinstall nbviz (`pip install .`) to bring the guide back.</source>
        <translation>**{0}.** Installieren Sie nbviz neu (`pip install .`), um das Handbuch zurückzubringen.</translation>
    </message>
    <message>
        <source>{0}, {1} covariance over the measurements</source>
        <translation>{0}, {1}-Kovarianz über die Messwerte</translation>
    </message>
    <message>
        <source>Mixed mixture</source>
        <translation>Mischung gemischter Spalten</translation>
    </message>
    <message>
        <source>Mixed</source>
        <translation>Gemischt</translation>
    </message>
</context>
</TS>
