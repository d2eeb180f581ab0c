import * as cpace from '@/utils/cpace';
import { checkCpaceVectors } from '../../support/cpace-vectors';

checkCpaceVectors('extension', cpace);
