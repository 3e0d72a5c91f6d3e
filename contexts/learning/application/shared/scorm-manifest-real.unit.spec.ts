import { describe, expect, it } from 'vitest';
import { manifestText, parseScormManifest } from './scorm-manifest.js';

/**
 * Shapes met in the public packages tried for issue 27 (the Rustici "Golf" examples, ADL's SCORM
 * 2004 4th Edition test suite; ADR 0084 "Real packages tried"), in small manifests written here.
 */
type Activity = Record<string, unknown> & { children?: Activity[] };
const treeOf = (xml: string) => parseScormManifest(xml).sequencing!.activityTree as Activity;
const childOf = (xml: string, i: number) => treeOf(xml).children![i]!;

const manifest2004 = (body: string, { edition = '2004 4th Edition', seq = 'adlseq', head = '<?xml version="1.0" standalone="no" ?>' } = {}) => `${head}
<manifest identifier="real" version="1" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:${seq}="http://www.adlnet.org/xsd/adlseq_v1p3" xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3" xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
  <metadata><schema>ADL SCORM</schema><schemaversion>${edition}</schemaversion></metadata>
  ${body}
</manifest>`;

/** Golf 4th Edition's forced order: completion is kept on global objectives through adlseq maps. */
const fourthEdition = (seq = 'adlseq') =>
  manifest2004(
    `<organizations default="org">
    <organization identifier="org" ${seq}:objectivesGlobalToSystem="false" adlcp:sharedDataGlobalToSystem="false">
      <title>Golf 4th</title>
      <item identifier="playing" identifierref="sco">
        <title>Playing</title>
        <adlcp:data><adlcp:map targetID="notes" readSharedData="true" writeSharedData="true"/><adlcp:map targetID="glossary"/></adlcp:data>
        <imsss:sequencing>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="playing_completed"><imsss:mapInfo targetObjectiveID="g.playing_satisfied" writeSatisfiedStatus="true"/></imsss:primaryObjective>
          </imsss:objectives>
          <${seq}:objectives>
            <${seq}:objective objectiveID="playing_completed">
              <${seq}:mapInfo targetObjectiveID="g.playing_completed" readCompletionStatus="true" writeCompletionStatus="true"/>
              <${seq}:mapInfo targetObjectiveID="g.playing_satisfied" writeRawScore="true"/>
            </${seq}:objective>
          </${seq}:objectives>
        </imsss:sequencing>
      </item>
      <item identifier="etiquette" identifierref="sco" parameters="?content=etiquette">
        <title>Etiquette</title>
        <imsss:sequencing>
          <imsss:sequencingRules><imsss:preConditionRule><imsss:ruleConditions conditionCombination="any">
            <imsss:ruleCondition referencedObjective="previous_completed" operator="not" condition="completed"/>
          </imsss:ruleConditions><imsss:ruleAction action="disabled"/></imsss:preConditionRule></imsss:sequencingRules>
          <imsss:objectives><imsss:primaryObjective/><imsss:objective objectiveID="previous_completed"/></imsss:objectives>
          <${seq}:objectives><${seq}:objective objectiveID="previous_completed"><${seq}:mapInfo targetObjectiveID="g.playing_completed" readCompletionStatus="true"/></${seq}:objective></${seq}:objectives>
          <${seq}:rollupConsiderations requiredForCompleted="ifAttempted"/>
        </imsss:sequencing>
      </item>
      <imsss:sequencing><imsss:controlMode choice="true" flow="true"/></imsss:sequencing>
    </organization>
  </organizations>
  <resources><resource identifier="sco" type="webcontent" adlcp:scormType="sco" href="shared/launchpage.html"><file href="shared/launchpage.html"/></resource></resources>`,
    { seq },
  );

const NO_EXTENDED_MAP = {
  readCompletionStatus: false, writeCompletionStatus: false, readProgressMeasure: false, writeProgressMeasure: false, readRawScore: false,
  writeRawScore: false, readMinScore: false, writeMinScore: false, readMaxScore: false, writeMaxScore: false, updateAttemptData: false,
};

describe('the manifest parser on the shapes of real packages', () => {
  it.each(['adlseq', 'seq4'])("keeps 4th Edition's adlseq objective maps (bound to prefix %s) beside the imsss ones, every flag explicit", (seq) => {
    const playing = childOf(fourthEdition(seq), 0);
    expect(playing.primaryObjective).toEqual({
      objectiveID: 'playing_completed',
      isPrimary: true,
      mapInfo: [
        // imsss reads status and measure unless told otherwise; the adlseq map on the same target adds its flags
        { targetObjectiveID: 'g.playing_satisfied', readSatisfiedStatus: true, readNormalizedMeasure: true, writeSatisfiedStatus: true, writeNormalizedMeasure: false, ...NO_EXTENDED_MAP, writeRawScore: true },
        { targetObjectiveID: 'g.playing_completed', readSatisfiedStatus: false, readNormalizedMeasure: false, writeSatisfiedStatus: false, writeNormalizedMeasure: false, ...NO_EXTENDED_MAP, readCompletionStatus: true, writeCompletionStatus: true },
      ],
    });
    const etiquette = childOf(fourthEdition(seq), 1);
    // the prerequisite reads the previous SCO's completion: without the adlseq map it never could
    expect(etiquette.objectives).toEqual([
      { objectiveID: 'previous_completed', isPrimary: false, mapInfo: [expect.objectContaining({ targetObjectiveID: 'g.playing_completed', readCompletionStatus: true, writeCompletionStatus: false, readSatisfiedStatus: false })] },
    ]);
    expect(etiquette.rollupConsiderations).toEqual({ requiredForCompleted: 'ifAttempted' });
  });

  it("reads 4th Edition's shared data buckets (adlcp:data) and the organization's global-to-system flags", () => {
    const m = parseScormManifest(fourthEdition());
    expect(m.sequencing).toMatchObject({ objectivesGlobalToSystem: false, sharedDataGlobalToSystem: false });
    expect(childOf(fourthEdition(), 0).sharedDataMaps).toEqual([
      { targetID: 'notes', readSharedData: true, writeSharedData: true },
      { targetID: 'glossary', readSharedData: true, writeSharedData: false },
    ]);
    expect(childOf(fourthEdition(), 1).sharedDataMaps).toBeUndefined();
  });

  it("takes a sequencingCollection entry element by element under the activity's own sequencing", () => {
    const xml = manifest2004(`<organizations default="org"><organization identifier="org"><title>Collections</title>
      <item identifier="a" identifierref="sco"><title>A</title>
        <imsss:sequencing IDRef="common"><imsss:rollupRules rollupObjectiveSatisfied="false"/></imsss:sequencing></item>
      <item identifier="b" identifierref="sco"><title>B</title>
        <imsss:sequencing IDRef="common"><imsss:controlMode choice="false"/></imsss:sequencing></item>
      <item identifier="c" identifierref="sco"><title>C</title><imsss:sequencing IDRef="common"/></item>
    </organization></organizations>
    <resources><resource identifier="sco" type="webcontent" adlcp:scormType="sco" href="sco.htm"/></resources>
    <imsss:sequencingCollection><imsss:sequencing ID="common">
      <imsss:controlMode flow="true" forwardOnly="true"/><imsss:deliveryControls completionSetByContent="true"/>
      <imsss:randomizationControls randomizationTiming="onEachNewAttempt" reorderChildren="true" selectCount="2" selectionTiming="once"/>
    </imsss:sequencing></imsss:sequencingCollection>`);
    const [a, b, c] = treeOf(xml).children!;
    // an own <rollupRules> keeps the collection's <controlMode>
    expect(a!.sequencingControls).toEqual({ flow: true, forwardOnly: true, rollupObjectiveSatisfied: false, randomizationTiming: 'onEachNewAttempt', randomizeChildren: true, reorderChildren: true, selectCount: 2, selectionTiming: 'once' });
    expect(a!.deliveryControls).toEqual({ completionSetByContent: true });
    // an own <controlMode> replaces the collection's whole
    expect(b!.sequencingControls).toMatchObject({ choice: false });
    expect(b!.sequencingControls).not.toHaveProperty('flow');
    expect(c!.sequencingControls).toMatchObject({ flow: true, forwardOnly: true });
  });

  it("resolves ADL test-suite addresses: xml:base on the SCO and on its dependencies, item parameters, files only through a dependency", () => {
    const xml = manifest2004(`<organizations default="CM-01"><organization identifier="CM-01"><title>LMS Test Content Package CM-01 </title>
      <item identifier = "activity_1" identifierref = "SEQ01" parameters = "?tc=CM-01&amp;act=1"><title>Activity 1</title></item>
      <item identifier = "activity_2" identifierref = "SEQ01" parameters = "?tc=CM-01&amp;act=2"><title>Activity 2</title></item>
    </organization></organizations>
    <resources>
      <resource identifier="SEQ01" type="webcontent" adlcp:scormType="sco" href="SequencingTest.htm" xml:base="resources/">
        <file href="SequencingTest.htm"/><dependency identifierref="FUNCTIONS"/><dependency identifierref="JAR"/>
      </resource>
      <resource identifier="FUNCTIONS" type="webcontent" adlcp:scormType="asset"><file href="common/lmsrtefunctions.js"/><dependency identifierref="STYLE"/></resource>
      <resource identifier="JAR" type="webcontent" adlcp:scormType="asset" xml:base="common/"><file href="LMSTest.jar"/></resource>
      <resource identifier="STYLE" type="webcontent" adlcp:scormType="asset"><file href="includes/style.css"/></resource>
    </resources>`, { head: '<?xml version = "1.0" standalone = "no"?>' });
    const m = parseScormManifest(xml);
    expect(m).toMatchObject({ edition: '2004-4th', title: 'LMS Test Content Package CM-01' });
    expect(m.scos.map((s) => s.launch)).toEqual(['resources/SequencingTest.htm?tc=CM-01&act=1', 'resources/SequencingTest.htm?tc=CM-01&act=2']);
    expect(m.files).toEqual(['common/LMSTest.jar', 'common/lmsrtefunctions.js', 'includes/style.css', 'resources/SequencingTest.htm']);
    expect(m.scos.map((s) => s.scormType)).toEqual(['sco', 'sco']);
  });

  it('tells an item that launches an asset (it never calls the API) from one that launches a SCO, in 1.2 and 2004', () => {
    const xml = manifest2004(`<organizations default="o"><organization identifier="o"><title>One file per SCO</title>
      <item identifier="par" identifierref="par_res"><title>Par</title></item>
      <item identifier="quiz" identifierref="quiz_res"><title>Quiz</title></item>
    </organization></organizations>
    <resources>
      <resource identifier="par_res" type="webcontent" adlcp:scormType="asset" href="Playing/Par.html"/>
      <resource identifier="quiz_res" type="webcontent" adlcp:scormType="sco" href="shared/assessment.html"/>
    </resources>`, { edition: '2004 3rd Edition' });
    expect(parseScormManifest(xml).scos.map((s) => [s.id, s.scormType])).toEqual([['par', 'asset'], ['quiz', 'sco']]);
    const v12 = xml.replace('2004 3rd Edition', '1.2').replace('adlcp:scormType="asset"', 'adlcp:scormtype="asset"').replace('adlcp:scormType="sco"', 'adlcp:scormtype="sco"');
    expect(parseScormManifest(v12).scos.map((s) => s.scormType)).toEqual(['asset', 'sco']);
  });

  it('reads addresses as Windows tools and editors write them: backslashes, spaces, fragments, a BOM and numeric character references', () => {
    const xml = `\uFEFF${manifest2004(`<organizations default="org"><organization identifier="org"><title>Seguran&#231;a no campo &#x2013; m&#243;dulo 1</title>
      <item identifier="i1" identifierref="r1"><title>Introdu&#231;&#227;o</title></item>
      <item identifier="i2" identifierref="r2" parameters="?page=2"><title>Pr&#225;tica</title></item>
      <item identifier="i3" identifierref="r3" parameters="#intro"><title>Three</title></item>
    </organization></organizations>
    <resources>
      <resource identifier="r1" type="webcontent" adlcp:scormType="sco" href="M&#243;dulo 1\\story.html" xml:base="course\\"><file href="M&#243;dulo 1\\story.html"/></resource>
      <resource identifier="r2" type="webcontent" adlcp:scormType="sco" href="my%20course/page.html#top"><file href="my%20course/page.html"/></resource>
      <resource identifier="r3" type="webcontent" adlcp:scormType="sco" href="three.html#already"><file href="three.html"/></resource>
    </resources>`, { edition: '2004 3rd Edition' })}`;
    const m = parseScormManifest(xml);
    expect(m.title).toBe('Segurança no campo – módulo 1');
    // the launch address is a URI (its path encoded), the file the zip's raw name
    expect(m.scos.map((s) => [s.title, s.launch, s.file])).toEqual([
      ['Introdução', 'course/M%C3%B3dulo%201/story.html', 'course/Módulo 1/story.html'],
      // the item's query goes before the resource's fragment, an own fragment stays
      ['Prática', 'my%20course/page.html?page=2#top', 'my course/page.html'],
      ['Three', 'three.html#already', 'three.html'],
    ]);
    expect(m.files).toEqual(['course/Módulo 1/story.html', 'my course/page.html', 'three.html']);
  });

  it("reads a manifest's bytes in the encoding it is saved in: UTF-8 with or without a BOM, UTF-16 by its BOM, the 8-bit one its declaration names", () => {
    const xml = (encoding: string) => manifest2004(`<organizations default="o"><organization identifier="o"><title>Irrigação</title>
      <item identifier="i" identifierref="r"><title>Início</title></item></organization></organizations>
      <resources><resource identifier="r" type="webcontent" adlcp:scormType="sco" href="index.html"/></resources>`, { head: `<?xml version="1.0" encoding="${encoding}"?>` });
    const titles = (bytes: Uint8Array) => {
      const m = parseScormManifest(manifestText(bytes));
      return [m.title, m.scos[0]!.title];
    };
    expect(titles(Buffer.from(xml('UTF-8'), 'utf8'))).toEqual(['Irrigação', 'Início']);
    expect(titles(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(xml('UTF-8'), 'utf8')]))).toEqual(['Irrigação', 'Início']);
    expect(titles(Buffer.from(xml('ISO-8859-1'), 'latin1'))).toEqual(['Irrigação', 'Início']);
    expect(titles(Buffer.from(xml('windows-1252'), 'latin1'))).toEqual(['Irrigação', 'Início']);
    expect(titles(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml('UTF-16'), 'utf16le')]))).toEqual(['Irrigação', 'Início']);
    const be = Buffer.from(xml('UTF-16'), 'utf16le').swap16();
    expect(titles(Buffer.concat([Buffer.from([0xfe, 0xff]), be]))).toEqual(['Irrigação', 'Início']);
  });
});
