import { describe, expect, it } from 'vitest';
import { ManifestError, parseScormManifest } from './scorm-manifest.js';

/** Manifests as authoring tools write them (written here), one per edition, then broken ones. */
const scorm12 = `<?xml version="1.0"?>
<manifest identifier="golf12" version="1.0" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org1">
    <organization identifier="org1">
      <title>Golf 1.2</title>
      <item identifier="i1" identifierref="r1"><title>Etiquette</title><adlcp:masteryscore>80</adlcp:masteryscore><adlcp:datafromlms>level=1</adlcp:datafromlms></item>
      <item identifier="i2" identifierref="r2" isvisible="true"><title>Handicapping</title></item>
    </organization>
  </organizations>
  <resources xml:base="course/">
    <resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="etiquette.htm"><file href="etiquette.htm"/><dependency identifierref="common"/></resource>
    <resource identifier="r2" type="webcontent" adlcp:scormtype="sco" href="handicap.html?page=1"><file href="handicap.html"/></resource>
    <resource identifier="common" type="webcontent" adlcp:scormtype="asset"><file href="shared/util.js"/></resource>
  </resources>
</manifest>`;

const scorm2004 = (schemaversion: string, extra = '') => `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="golf2004" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss" xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3" xml:base="">
  <metadata><schema>ADL SCORM</schema><schemaversion>${schemaversion}</schemaversion></metadata>
  <organizations default="org">
    <organization identifier="org">
      <title>Golf 2004</title>
      <item identifier="play" identifierref="res" parameters="?content=playing"><title>Playing</title>
        <adlcp:completionThreshold completedByMeasure="true" minProgressMeasure="0.8"/>
        <adlnav:presentation><adlnav:navigationInterface><adlnav:hideLMSUI>continue</adlnav:hideLMSUI><adlnav:hideLMSUI>previous</adlnav:hideLMSUI></adlnav:navigationInterface></adlnav:presentation>
      </item>
      <item identifier="quiz" identifierref="res" parameters="content=quiz"><title>Quiz</title>
        <adlcp:dataFromLMS>mode=exam</adlcp:dataFromLMS>
        <imsss:sequencing>
          <imsss:sequencingRules>
            <imsss:preConditionRule><imsss:ruleConditions conditionCombination="any"><imsss:ruleCondition condition="satisfied"/><imsss:ruleCondition operator="not" condition="attempted"/></imsss:ruleConditions><imsss:ruleAction action="skip"/></imsss:preConditionRule>
          </imsss:sequencingRules>
          <imsss:limitConditions attemptLimit="2"/>
          <imsss:objectives><imsss:primaryObjective objectiveID="quiz-passed" satisfiedByMeasure="true"><imsss:minNormalizedMeasure>0.7</imsss:minNormalizedMeasure></imsss:primaryObjective></imsss:objectives>
        </imsss:sequencing>
      </item>
      <imsss:sequencing>
        <imsss:controlMode choice="true" flow="true" choiceExit="false"/>
        <imsss:rollupRules rollupObjectiveSatisfied="true"><imsss:rollupRule childActivitySet="all"><imsss:rollupConditions><imsss:rollupCondition condition="satisfied"/></imsss:rollupConditions><imsss:rollupAction action="satisfied"/></imsss:rollupRule></imsss:rollupRules>
      </imsss:sequencing>
    </organization>
  </organizations>
  <resources>
    <resource identifier="res" type="webcontent" adlcp:scormType="sco" xml:base="shared/" href="launchpage.html"><file href="launchpage.html"/></resource>
  </resources>
  ${extra}
</manifest>`;

const problemsOf = (xml: string) => {
  try {
    parseScormManifest(xml, 'pkg.zip/imsmanifest.xml');
  } catch (error) {
    if (error instanceof ManifestError) return error.problems;
    throw error;
  }
  throw new Error('parsed');
};

describe('the SCORM manifest parser', () => {
  it('reads a 1.2 package: version, items in order, xml:base, query strings, mastery score, data from the LMS, dependencies', () => {
    const m = parseScormManifest(scorm12);
    expect(m).toMatchObject({ identifier: 'golf12', edition: '1.2', version: '1.2', title: 'Golf 1.2', organizationId: 'org1', sequencing: null });
    expect(m.scos).toEqual([
      { id: 'i1', title: 'Etiquette', launch: 'course/etiquette.htm', file: 'course/etiquette.htm', resourceId: 'r1', masteryScore: 80, dataFromLms: 'level=1', timeLimitAction: null, completionThreshold: null, scormType: 'sco' },
      { id: 'i2', title: 'Handicapping', launch: 'course/handicap.html?page=1', file: 'course/handicap.html', resourceId: 'r2', masteryScore: null, dataFromLms: null, timeLimitAction: null, completionThreshold: null, scormType: 'sco' },
    ]);
    expect(m.files).toEqual(['course/etiquette.htm', 'course/handicap.html', 'course/shared/util.js']);
    expect(m.toc.map((n) => [n.id, n.scoId])).toEqual([['i1', 'i1'], ['i2', 'i2']]);
  });

  it.each([
    ['CAM 1.3', '2004-2nd'],
    ['2004 3rd Edition', '2004-3rd'],
    ['2004 4th Edition', '2004-4th'],
  ] as const)('reads a 2004 package (<schemaversion>%s</schemaversion>): launch parameters, sequencing and presentation for scorm-again', (schemaversion, edition) => {
    const m = parseScormManifest(scorm2004(schemaversion));
    expect(m).toMatchObject({ edition, version: '2004', title: 'Golf 2004' });
    expect(m.scos.map((s) => s.launch)).toEqual(['shared/launchpage.html?content=playing', 'shared/launchpage.html?content=quiz']);
    expect(m.scos[0]!.completionThreshold).toBe(0.8);
    expect(m.scos[1]!.dataFromLms).toBe('mode=exam');
    const tree = m.sequencing!.activityTree as Record<string, unknown> & { children: Record<string, unknown>[] };
    expect(tree).toMatchObject({
      id: 'org',
      sequencingControls: { choice: true, flow: true, choiceExit: false, rollupObjectiveSatisfied: true },
      rollupRules: { rules: [{ action: 'satisfied', consideration: 'all', conditionCombination: 'any', conditions: [{ condition: 'satisfied' }] }] },
    });
    expect(tree.children[0]).toMatchObject({ id: 'play', hideLmsUi: ['continue', 'previous'], completionThreshold: { completedByMeasure: true, minProgressMeasure: 0.8 } });
    expect(tree.children[1]).toMatchObject({
      id: 'quiz',
      attemptLimit: 2,
      primaryObjective: { objectiveID: 'quiz-passed', isPrimary: true, satisfiedByMeasure: true, minNormalizedMeasure: 0.7 },
      sequencingRules: { preConditionRules: [{ action: 'skip', conditionCombination: 'any', conditions: [{ condition: 'satisfied' }, { condition: 'attempted', operator: 'not' }] }] },
    });
  });

  it('names the file, line and column of XML that is not well-formed', () => {
    const broken = scorm12.replace('<title>Handicapping</title>', '<title>Handicapping</titel>');
    const [p] = problemsOf(broken);
    expect(p).toMatchObject({ file: 'pkg.zip/imsmanifest.xml', line: 8 });
    expect(p!.message).toMatch(/^not well-formed XML: .*titel/);
  });

  it('names the line of an item that refers to a missing resource, and of a launch address outside the package', () => {
    const problems = problemsOf(scorm12.replace('identifierref="r2"', 'identifierref="nope"').replace('href="etiquette.htm"><file', 'href="../../etc/passwd"><file'));
    expect(problems).toEqual(
      expect.arrayContaining([
        { file: 'pkg.zip/imsmanifest.xml', line: 8, column: 29, message: 'item i2 refers to unknown resource "nope"' },
        expect.objectContaining({ line: 12, message: 'the launch address "../../etc/passwd" of resource r1 is outside the package' }),
      ]),
    );
  });

  it('refuses an unknown or missing version, an empty file, another root element and an organization that launches nothing', () => {
    expect(problemsOf(scorm2004('2005 5th Edition'))[0]).toMatchObject({ line: 4, message: 'unknown <schemaversion> "2005 5th Edition" (1.2, CAM 1.3, 2004 2nd/3rd/4th Edition)' });
    expect(problemsOf(scorm2004('').replace('<schemaversion></schemaversion>', ''))[0]!.message).toBe('no <schemaversion> in <metadata>');
    expect(problemsOf('   ')[0]!.message).toBe('the manifest is empty');
    expect(problemsOf('<?xml version="1.0"?><package/>')[0]!.message).toBe('the root element is not <manifest>');
    expect(problemsOf(scorm12.replace(/identifierref="r\d"/g, ''))[0]!.message).toMatch(/launches nothing/);
    // a 1.2 package without <schemaversion> is known by its namespace
    expect(parseScormManifest(scorm12.replace('<schemaversion>1.2</schemaversion>', '')).edition).toBe('1.2');
  });
});
