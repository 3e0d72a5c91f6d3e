import type { Clock } from '@portal/kernel';
import type { AppendContext, EventStore } from '@portal/eventstore';
import { handleCommand, loadState } from '@portal/platform';
import { companyStream, referenceStream, REFERENCE_LISTS, REFERENCE_PARENTS, type ReferenceList } from '../../contracts/index.js';
import { companyDecider, referenceListDecider, type CompanyFields, type ReferenceLabels } from '../../domain/index.js';

export const DEMO_COMPANY = '01900000-0000-7000-8000-00000000c0de';
/** Invitation-only: only addresses its managers pre-registered may register (ADR 0051). */
export const DEMO_INVITATION_ONLY_COMPANY = '01900000-0000-7000-8000-00000000c0d1';
export const DEMO_DISTRIBUTOR_COMPANY = '01900000-0000-7000-8000-00000000c0d2';

const SEED_BY = 'system:seed';

interface DemoCompany extends CompanyFields {
  companyId: string;
  domains: string[];
  invitationOnly: boolean;
}

export const DEMO_COMPANIES: DemoCompany[] = [
  {
    companyId: DEMO_COMPANY,
    name: 'Cooperativa Demo',
    businessCode: '12.345.678/0001-90',
    phone: '+55 11 4000-0000',
    contactEmail: 'contato@cooperativa.demo',
    contactName: 'Carlos Mendes',
    contactPhone: '+55 11 98888-0000',
    domains: ['cooperativa.demo'],
    invitationOnly: false,
  },
  {
    companyId: DEMO_INVITATION_ONLY_COMPANY,
    name: 'Agropecuária Horizonte Ltda.',
    businessCode: '23.456.789/0001-01',
    phone: '+55 64 3611-2200',
    contactEmail: 'rh@horizonte.demo',
    contactName: 'Luana Barbosa',
    contactPhone: '+55 64 99876-1234',
    domains: ['horizonte.demo'],
    invitationOnly: true,
  },
  {
    companyId: DEMO_DISTRIBUTOR_COMPANY,
    name: 'Distribuidora Campo Forte S.A.',
    businessCode: '34.567.890/0001-12',
    phone: '+55 43 3322-4500',
    contactEmail: 'treinamento@campoforte.demo',
    contactName: 'Rodrigo Tavares',
    contactPhone: '+55 43 99123-4567',
    domains: ['campoforte.demo', 'campoforteagro.demo'],
    invitationOnly: false,
  },
];

type Item = { id: string; labels: ReferenceLabels; parent?: string; other?: true };
const same = (label: string): ReferenceLabels => ({ 'pt-BR': label, es: label, en: label });
const l = (ptBR: string, es: string, en: string): ReferenceLabels => ({ 'pt-BR': ptBR, es, en });

/** Brazilian agribusiness values for every reference list (ADR 0051), in the three locales. */
export const DEMO_REFERENCE_DATA: Record<ReferenceList, Item[]> = {
  groups: [
    { id: 'grupo-cerrado', labels: l('Grupo Cerrado', 'Grupo Cerrado', 'Cerrado Group') },
    { id: 'grupo-sul', labels: l('Grupo Sul', 'Grupo Sur', 'South Group') },
    { id: 'grupo-matopiba', labels: l('Grupo Matopiba', 'Grupo Matopiba', 'Matopiba Group') },
    { id: 'grupo-sudeste', labels: l('Grupo Sudeste', 'Grupo Sudeste', 'Southeast Group') },
    { id: 'key-accounts', labels: l('Grandes Contas', 'Grandes Cuentas', 'Key Accounts') },
  ],
  groupResponsibles: [
    { id: 'marcos-oliveira', labels: same('Marcos Oliveira'), parent: 'grupo-cerrado' },
    { id: 'juliana-pereira', labels: same('Juliana Pereira'), parent: 'grupo-sul' },
    { id: 'rafael-costa', labels: same('Rafael Costa'), parent: 'grupo-matopiba' },
    { id: 'patricia-rocha', labels: same('Patrícia Rocha'), parent: 'grupo-sudeste' },
    { id: 'gustavo-nunes', labels: same('Gustavo Nunes'), parent: 'key-accounts' },
    { id: 'helena-araujo', labels: same('Helena Araújo'), parent: 'grupo-cerrado' },
  ],
  regions: [
    { id: 'centro-oeste', labels: l('Centro-Oeste', 'Centro-Oeste', 'Midwest') },
    { id: 'sul', labels: l('Sul', 'Sur', 'South') },
    { id: 'sudeste', labels: l('Sudeste', 'Sudeste', 'Southeast') },
    { id: 'nordeste', labels: l('Nordeste', 'Nordeste', 'Northeast') },
    { id: 'norte', labels: l('Norte', 'Norte', 'North') },
  ],
  businessUnits: [
    { id: 'sementes', labels: l('Sementes', 'Semillas', 'Seeds') },
    { id: 'protecao-cultivos', labels: l('Proteção de Cultivos', 'Protección de Cultivos', 'Crop Protection') },
    { id: 'agricultura-digital', labels: l('Agricultura Digital', 'Agricultura Digital', 'Digital Farming') },
    { id: 'biologicos', labels: l('Biológicos', 'Biológicos', 'Biologicals') },
  ],
  salesTeams: [
    { id: 'soja-mt', labels: l('Time Soja MT', 'Equipo Soja MT', 'Soybean Team MT') },
    { id: 'milho-pr', labels: l('Time Milho PR', 'Equipo Maíz PR', 'Corn Team PR') },
    { id: 'algodao-ba', labels: l('Time Algodão BA', 'Equipo Algodón BA', 'Cotton Team BA') },
    { id: 'cana-sp', labels: l('Time Cana SP', 'Equipo Caña SP', 'Sugarcane Team SP') },
    { id: 'cafe-mg', labels: l('Time Café MG', 'Equipo Café MG', 'Coffee Team MG') },
  ],
  dn: [
    { id: 'dn-cerrado-leste', labels: same('DN Cerrado Leste') },
    { id: 'dn-cerrado-oeste', labels: same('DN Cerrado Oeste') },
    { id: 'dn-sul', labels: same('DN Sul') },
    { id: 'dn-nordeste', labels: same('DN Nordeste') },
  ],
  regional: [
    { id: 'rio-verde', labels: l('Regional Rio Verde', 'Regional Rio Verde', 'Rio Verde Regional') },
    { id: 'sorriso', labels: l('Regional Sorriso', 'Regional Sorriso', 'Sorriso Regional') },
    { id: 'londrina', labels: l('Regional Londrina', 'Regional Londrina', 'Londrina Regional') },
    { id: 'lem', labels: l('Regional Luís Eduardo Magalhães', 'Regional Luís Eduardo Magalhães', 'Luís Eduardo Magalhães Regional') },
    { id: 'ribeirao-preto', labels: l('Regional Ribeirão Preto', 'Regional Ribeirão Preto', 'Ribeirão Preto Regional') },
  ],
  positions: [
    { id: 'rtv', labels: l('Representante Técnico de Vendas', 'Representante Técnico de Ventas', 'Technical Sales Representative') },
    { id: 'gerente-contas', labels: l('Gerente de Contas', 'Gerente de Cuentas', 'Account Manager') },
    { id: 'agronomo', labels: l('Agrônomo', 'Agrónomo', 'Agronomist') },
    { id: 'consultor-dm', labels: l('Consultor de Desenvolvimento de Mercado', 'Consultor de Desarrollo de Mercado', 'Market Development Consultant') },
    { id: 'coordenador-regional', labels: l('Coordenador Regional', 'Coordinador Regional', 'Regional Coordinator') },
  ],
  expertThemes: [
    { id: 'soja', labels: l('Soja', 'Soja', 'Soybean') },
    { id: 'milho', labels: l('Milho', 'Maíz', 'Corn') },
    { id: 'algodao', labels: l('Algodão', 'Algodón', 'Cotton') },
    { id: 'cana', labels: l('Cana-de-açúcar', 'Caña de azúcar', 'Sugarcane') },
    { id: 'cafe', labels: l('Café', 'Café', 'Coffee') },
    { id: 'hortifruti', labels: l('Hortifrúti', 'Frutas y hortalizas', 'Fruits and vegetables') },
  ],
  expertSubThemes: [
    { id: 'soja-ferrugem', labels: l('Ferrugem-asiática', 'Roya asiática', 'Asian soybean rust'), parent: 'soja' },
    { id: 'soja-nematoides', labels: l('Nematoides', 'Nematodos', 'Nematodes'), parent: 'soja' },
    { id: 'soja-percevejo', labels: l('Percevejo-marrom', 'Chinche marrón', 'Brown stink bug'), parent: 'soja' },
    { id: 'milho-cigarrinha', labels: l('Cigarrinha-do-milho', 'Chicharrita del maíz', 'Corn leafhopper'), parent: 'milho' },
    { id: 'milho-densidade', labels: l('Densidade de plantio', 'Densidad de siembra', 'Planting density'), parent: 'milho' },
    { id: 'algodao-bicudo', labels: l('Bicudo-do-algodoeiro', 'Picudo del algodonero', 'Boll weevil'), parent: 'algodao' },
    { id: 'cana-broca', labels: l('Broca-da-cana', 'Barrenador de la caña', 'Sugarcane borer'), parent: 'cana' },
    { id: 'cafe-bicho-mineiro', labels: l('Bicho-mineiro', 'Minador de la hoja', 'Coffee leaf miner'), parent: 'cafe' },
    { id: 'hortifruti-irrigacao', labels: l('Manejo da irrigação', 'Manejo del riego', 'Irrigation management'), parent: 'hortifruti' },
  ],
  // the ids are the values the learner profile stores (000 §3)
  userTypes: [
    { id: 'Agricultor', labels: l('Agricultor', 'Agricultor', 'Farmer') },
    { id: 'Distribuidor', labels: l('Distribuidor', 'Distribuidor', 'Distributor') },
    { id: 'Cooperativa', labels: l('Cooperativa', 'Cooperativa', 'Cooperative') },
    { id: 'Outro', labels: l('Outro', 'Otro', 'Other'), other: true },
  ],
  actingAreas: [
    { id: 'Vendas', labels: l('Vendas', 'Ventas', 'Sales') },
    { id: 'Marketing', labels: same('Marketing') },
    { id: 'Market Development', labels: l('Desenvolvimento de Mercado', 'Desarrollo de Mercado', 'Market Development') },
    { id: 'Outro', labels: l('Outra', 'Otra', 'Other'), other: true },
  ],
};

/**
 * The demo companies (with domains, one invitation-only) and every reference list. Idempotent:
 * a company already there is left as it is, an item saved the same again records nothing. Every
 * write goes through the deciders.
 */
export async function seedDemoCompanies(store: EventStore, clock: Clock): Promise<void> {
  const ctx: AppendContext = { correlationId: 'seed-demo-companies', actor: 'system', origin: 'cli' };
  const now = clock.now().toISOString();
  for (const c of DEMO_COMPANIES) {
    const { exists } = await loadState(store, companyStream(c.companyId), companyDecider);
    if (exists) continue;
    await handleCommand(store, companyStream(c.companyId), companyDecider, { type: 'RegisterCompany', data: { ...c, domainsOfOthers: [], by: SEED_BY, now } }, ctx);
  }
  for (const list of REFERENCE_LISTS) {
    const parent = REFERENCE_PARENTS[list];
    const parentIds = parent ? DEMO_REFERENCE_DATA[parent.list].map((i) => i.id) : null;
    const { state } = await loadState(store, referenceStream(list), referenceListDecider);
    for (const item of DEMO_REFERENCE_DATA[list]) {
      // an item an administrator changed or retired stays as they left it
      if (state.items[item.id]) continue;
      await handleCommand(
        store,
        referenceStream(list),
        referenceListDecider,
        { type: 'SaveReferenceItem', data: { list, itemId: item.id, labels: item.labels, parentId: item.parent ?? null, other: item.other ?? false, parentIds, by: SEED_BY, now } },
        ctx,
      );
    }
  }
}
